import { readFileSync } from "node:fs";
import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, expect, it } from "vitest";

// `@petstore/mock/node` and `@petstore/mock/browser` had no types under TypeScript's node10 resolution
// (`moduleResolution: "node"`, which reads no exports map: typesVersions now maps the subpaths), and
// under node16 `@petstore/mock/browser` found its types only after its `"node": null` condition failed,
// a TypeScript fallback that is a bug (the condition now sits inside import/require, after types).
// `pnpm test:exports` (attw --pack) checks the packed tarball in every resolution mode; here a consumer on node10
// type-checks. Both take the entry points from package.json `exports`, so a new entry is checked without a change.
const { exports } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  exports: Record<string, unknown>;
};
const subpaths = Object.keys(exports).filter((subpath) => subpath !== "./package.json");
let app: PackedApp;

beforeAll(() => {
  app = packedApp({ packages: ["mock"], dependencies: ["msw@2"], type: "commonjs" });
}, 180_000);

afterAll(() => app?.remove());

it("type-checks a consumer of every entry point under moduleResolution node10", () => {
  // Every entry, imported for its types: an entry without types is an error under strict (TS7016).
  const consumer = `${subpaths
    .map((subpath, index) => `import type * as entry${index} from "@petstore/mock${subpath.slice(1)}";`)
    .join("\n")}
export type Entries = [${subpaths.map((_, index) => `typeof entry${index}`).join(", ")}];
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
