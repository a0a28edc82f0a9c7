import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, expect, it } from "vitest";

// `@petstore/mock/node` and `@petstore/mock/browser` had no types under TypeScript's node10 resolution
// (`moduleResolution: "node"`, which reads no exports map: typesVersions now maps the subpaths), and
// under node16 `@petstore/mock/browser` found its types only after its `"node": null` condition failed,
// a TypeScript fallback that is a bug (the condition now sits inside import/require, after types).
// attw checks the packed tarball in every resolution mode; a consumer on node10 type-checks.
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
  app = packedApp({ packages: ["mock"], dependencies: ["msw@2"], type: "commonjs" });
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
  expect(Object.keys(analysis.entrypoints)).toEqual([".", "./node", "./browser"]);
  expect(problems).toEqual({});
}, 60_000);

it("type-checks a consumer of every entry point under moduleResolution node10", () => {
  writeFileSync(
    join(project, "consumer.ts"),
    `import { DEMO_API_KEY } from "@petstore/mock";
import type { setupPetstoreServer } from "@petstore/mock/node";
import type { setupPetstoreWorker } from "@petstore/mock/browser";
export const key: string = DEMO_API_KEY;
export type Entries = [typeof setupPetstoreServer, typeof setupPetstoreWorker];
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
