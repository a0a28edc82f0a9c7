import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { type PackedApp, packedApp } from "@petstore/testing/packed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Installs the packed tarballs of @petstore/query and @petstore/sdk, with @tanstack/query-core from the
// registry, into a project outside the workspace, as a user would: ESM, CommonJS and a type-checked consumer.
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const queryCore = createRequire(import.meta.url)("@tanstack/query-core/package.json").version as string;
let app: PackedApp;
let project: string;

const run = (args: string[]) => app.run(process.execPath, args);

beforeAll(() => {
  app = packedApp({ packages: ["sdk", "query"], dependencies: [`@tanstack/query-core@${queryCore}`] });
  project = app.dir;
}, 180_000);

afterAll(() => app?.remove());

const consumer = `import { createPetstoreClient } from "@petstore/sdk";
import { createPetstoreQueries } from "@petstore/query";
import { QueryClient } from "@tanstack/query-core";
const client = createPetstoreClient({ baseUrl: "http://api.test", apiKey: "k", fetch: async () =>
  Response.json({ id: 1, name: "Rex", categoryId: 1, status: "available" }) });
const queryClient = new QueryClient();
const petstore = createPetstoreQueries(client, { queryClient });
const pet = await queryClient.fetchQuery(petstore.queryOptions("get", "/pets/{petId}", { params: { path: { petId: 1 } } }));
const name: string = pet.name;
console.log(name, JSON.stringify(petstore.queryKey("get", "/pets")));
`;

describe("the packed @petstore/query", () => {
  it("imports as ESM and fetches through TanStack Query", () => {
    writeFileSync(
      join(project, "esm.mjs"),
      consumer.replace("const name: string = pet.name;", "const name = pet.name;"),
    );
    expect(run(["esm.mjs"]).trim()).toBe('Rex ["petstore","listPets",{}]');
  });

  it("requires as CommonJS", () => {
    writeFileSync(join(project, "cjs.cjs"), `console.log(typeof require("@petstore/query").createPetstoreQueries);`);
    expect(run(["cjs.cjs"]).trim()).toBe("function");
  });

  it("type-checks a consumer", () => {
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          noEmit: true,
          lib: ["ES2022", "DOM"],
          skipLibCheck: false,
          types: [],
        },
        include: ["consumer.ts"],
      }),
    );
    writeFileSync(join(project, "consumer.ts"), `${consumer}export {};\n`);
    expect(() => run([tsc, "-p", "."])).not.toThrow();
  });
});
