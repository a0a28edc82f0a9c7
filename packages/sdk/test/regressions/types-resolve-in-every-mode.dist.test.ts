import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, expect, it } from "vitest";

// `@petstore/sdk/schemas` had no types under TypeScript's node10 resolution (`moduleResolution: "node"`,
// which reads no exports map): typesVersions now maps the subpath. attw checks the packed tarball in
// every resolution mode; a consumer on node10 type-checks.
let app: PackedApp;

beforeAll(() => {
  app = packedApp({ packages: ["sdk"], type: "commonjs" });
}, 180_000);

afterAll(() => app?.remove());

it("has no attw problem in any resolution mode for any entry point", () => {
  const { entrypoints, problems } = app.attw(app.tarballs[0]!);
  expect(entrypoints).toEqual([".", "./schemas", "./tags"]);
  expect(problems).toEqual({});
}, 60_000);

it("type-checks a consumer of every entry point under moduleResolution node10", () => {
  const consumer = `import { createPetstoreClient } from "@petstore/sdk";
import { NewPet } from "@petstore/sdk/schemas";
export const entries = [createPetstoreClient, NewPet["~standard"].validate] as const;
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
