import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, expect, it } from "vitest";

// `@petstore/mock/node` and `@petstore/mock/browser` had no types under TypeScript's node10 resolution
// (`moduleResolution: "node"`, which reads no exports map: typesVersions now maps the subpaths), and
// under node16 `@petstore/mock/browser` found its types only after its `"node": null` condition failed,
// a TypeScript fallback that is a bug (the condition now sits inside import/require, after types).
// attw checks the packed tarball in every resolution mode; a consumer on node10 type-checks.
let app: PackedApp;

beforeAll(() => {
  app = packedApp({ packages: ["mock"], dependencies: ["msw@2"], type: "commonjs" });
}, 180_000);

afterAll(() => app?.remove());

it("has no attw problem in any resolution mode for any entry point", () => {
  const { entrypoints, problems } = app.attw(app.tarballs[0]!);
  expect(entrypoints).toEqual([".", "./node", "./browser", "./deno", "./bun", "./worker"]);
  expect(problems).toEqual({});
}, 60_000);

it("type-checks a consumer of every entry point under moduleResolution node10", () => {
  const consumer = `import { DEMO_API_KEY } from "@petstore/mock";
import type { setupPetstoreServer } from "@petstore/mock/node";
import type { setupPetstoreWorker } from "@petstore/mock/browser";
import type { serveWithDeno } from "@petstore/mock/deno";
import type { serveWithBun } from "@petstore/mock/bun";
export const key: string = DEMO_API_KEY;
export type Entries = [typeof setupPetstoreServer, typeof setupPetstoreWorker, typeof serveWithDeno, typeof serveWithBun];
`;
  expect(
    app.typeCheck(
      { "consumer.ts": consumer },
      {
        strict: true,
        module: "CommonJS",
        moduleResolution: "node10",
        target: "ES2022",
        noEmit: true,
        lib: ["ES2022", "DOM"],
        skipLibCheck: true,
        types: [],
      },
    ),
  ).toBe("");
}, 60_000);
