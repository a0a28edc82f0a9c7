#!/usr/bin/env node
// Shows that the exact-revalidation test fails when one `x-affects` entry is deleted from the document:
//   node scripts/drop-affects-entry.mjs [WRITE READ]      (default: placeOrder listOrders)
// It generates @petstore/sdk/tags from a copy of openapi/petstore.yaml without that entry (the contract's own
// generator), bundles it into .next-mutant-tags/, builds the app into .next-mutant/ with `@petstore/sdk/tags`
// aliased to it (next.config.ts, PETSTORE_MUTANT_TAGS), and runs the test against that build. Exit 0 when the
// test fails as it must, naming the read that was not fetched again; 1 when it passes. The repository's
// document, generated files and builds are not touched. About a minute (one more `next build`).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [write = "placeOrder", read = "listOrders"] = process.argv.slice(2);
const APP = fileURLToPath(new URL("..", import.meta.url));
const require = createRequire(import.meta.url);
const { document } = await import("@petstore/contract");
const { generateSdkTags } = await import("@petstore/contract/generate/sdk-tags");
const { build } = await import("esbuild");

const copy = structuredClone(document);
const operation = Object.values(copy.paths)
  .flatMap((item) => Object.values(item))
  .find((candidate) => candidate?.operationId === write);
const kept = (operation?.["x-affects"] ?? []).filter((entry) => entry.operationId !== read);
if (!operation || kept.length === operation["x-affects"].length) {
  console.error(`${write}'s x-affects has no entry for ${read}`);
  process.exit(2);
}
operation["x-affects"] = kept;

// The SDK's tags entry, its generated table swapped for the copy's.
const dir = join(APP, ".next-mutant-tags");
rmSync(dir, { recursive: true, force: true });
mkdirSync(join(dir, "generated"), { recursive: true });
const sdk = join(dirname(require.resolve("@petstore/sdk/package.json")), "src");
writeFileSync(join(dir, "tags.ts"), readFileSync(join(sdk, "tags.ts")));
writeFileSync(join(dir, "generated/affects-expression.js"), readFileSync(join(sdk, "generated/affects-expression.js")));
writeFileSync(join(dir, "generated/tags.ts"), generateSdkTags(copy));
await build({
  entryPoints: [join(dir, "tags.ts")],
  bundle: true,
  format: "esm",
  outfile: join(dir, "tags.mjs"),
  logLevel: "warning",
});
console.log(`${write} without its x-affects entry ${read}: building the app into .next-mutant/`);

const env = { ...process.env, PETSTORE_MUTANT_TAGS: "./.next-mutant-tags/tags.mjs", NEXT_TELEMETRY_DISABLED: "1" };
const bin = (name, path) => join(dirname(require.resolve(`${name}/package.json`)), path);
const built = spawnSync(process.execPath, [bin("next", "dist/bin/next"), "build"], { cwd: APP, env, stdio: "inherit" });
if (built.status !== 0) {
  process.exit(2);
}
const run = spawnSync(
  process.execPath,
  [bin("@playwright/test", "cli.js"), "test", "-g", "exactly", "--reporter", "line"],
  {
    cwd: APP,
    env,
    encoding: "utf8",
  },
);
const output = `${run.stdout}${run.stderr}`;
console.log(output);
if (run.status === 0 || !/was not fetched again after the order/.test(output)) {
  console.error(
    `the exact-revalidation test did not fail on the log without ${write} → ${read}: it does not guard that entry`,
  );
  process.exit(1);
}
console.log(`as it must, the exact-revalidation test failed without ${write} → ${read}`);
