#!/usr/bin/env node
// A package's declarations for its build, run from the package's folder before tsup: `tsgo` (TypeScript 7, the
// native compiler) checks `src/` and writes a .d.ts per source file into `.declarations/`, and tsup's `dts` bundles
// those per entry (its own declaration emit, through TypeScript 5.9, took four times the CPU of the whole rest of the
// build). What users get is checked with TypeScript 5.9 as well: the type tests and the packed packages' tests
// (`skipLibCheck: false`) read the published declarations with it.
//
//   node ../../scripts/declarations.mjs      fails, printing tsgo's report, on a type error in src/
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const OUT = ".declarations";
const packageDir = process.cwd();
// The package's own devDependency, not @petstore/runtimes': the quickstart's install (pnpm start) builds the mock and
// the SDK without the runtimes package.
const tsgo = (() => {
  try {
    const manifest = createRequire(path.join(packageDir, "package.json")).resolve(
      "@typescript/native-preview/package.json",
    );
    return path.join(path.dirname(manifest), "bin/tsgo");
  } catch {
    console.error(`declarations: ${packageDir} has no @typescript/native-preview: add it to its devDependencies`);
    process.exit(1);
  }
})();

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT);
// The package's compiler options over src/ alone (its tsconfig.json also takes in the tests and scripts).
writeFileSync(
  path.join(OUT, "tsconfig.json"),
  JSON.stringify({
    extends: "../tsconfig.json",
    compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, rootDir: "../src", outDir: "." },
    include: ["../src"],
  }),
);
const result = spawnSync(process.execPath, [tsgo, "-p", path.join(OUT, "tsconfig.json")], { stdio: "inherit" });
if (result.status !== 0) {
  console.error(`declarations: tsgo found the errors above in ${path.join(packageDir, "src")}`);
  process.exit(result.status ?? 1);
}
// A generated .js beside its written .d.ts (the compiled validators): tsgo declares the .js from its code; the .d.ts
// is what the package's types say, so it replaces that.
for (const file of readdirSync("src", { recursive: true, encoding: "utf8" })) {
  if (file.endsWith(".d.ts")) {
    cpSync(path.join("src", file), path.join(OUT, file));
  }
}
