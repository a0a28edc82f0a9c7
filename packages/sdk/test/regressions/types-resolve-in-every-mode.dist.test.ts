import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, expect, it } from "vitest";

// `@petstore/sdk/schemas` had no types under TypeScript's node10 resolution (`moduleResolution: "node"`,
// which reads no exports map): typesVersions now maps the subpath. attw checks the packed tarball in
// every resolution mode; a consumer on node10 type-checks.
const require = createRequire(import.meta.url);
const attw = join(dirname(require.resolve("@arethetypeswrong/cli/package.json")), "dist/index.js");
const tsc = require.resolve("typescript/bin/tsc");
let app: PackedApp;
let project: string;
let tarball: string;

const run = (args: string[]) => app.run(process.execPath, args);

/** tsc's report of the consumer project, empty when it type-checks. */
function typeCheck(): string {
  try {
    return run([tsc, "-p", "."]);
  } catch (error) {
    return (error as { stdout: string }).stdout;
  }
}

beforeAll(() => {
  app = packedApp({ packages: ["sdk"], type: "commonjs" });
  project = app.dir;
  tarball = app.tarballs[0]!;
}, 180_000);

afterAll(() => app?.remove());

it("has no attw problem in any resolution mode for any entry point", () => {
  let output: string;
  try {
    output = run([attw, tarball, "--format", "json", "--exclude-entrypoints", "./package.json"]);
  } catch (error) {
    output = (error as { stdout: string }).stdout;
  }
  const { analysis, problems } = JSON.parse(output);
  expect(Object.keys(analysis.entrypoints)).toEqual([".", "./schemas"]);
  expect(problems).toEqual({});
}, 60_000);

it("type-checks a consumer of every entry point under moduleResolution node10", () => {
  writeFileSync(
    join(project, "consumer.ts"),
    `import { createPetstoreClient } from "@petstore/sdk";
import { NewPet } from "@petstore/sdk/schemas";
export const entries = [createPetstoreClient, NewPet["~standard"].validate] as const;
`,
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        module: "CommonJS",
        moduleResolution: "node10",
        target: "ES2022",
        noEmit: true,
        lib: ["ES2022", "DOM"],
        skipLibCheck: true,
        types: [],
      },
      files: ["consumer.ts"],
    }),
  );
  expect(typeCheck()).toBe("");
}, 60_000);
