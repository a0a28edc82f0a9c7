import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type PackedApp, packedApp, problemsByFile } from "@petstore/testing/packed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Installs the packed tarball into a project outside the workspace, as a user would: imports it as
// ESM and as CommonJS, and type-checks a consumer with the workspace's TypeScript.
let app: PackedApp;
let project: string;
/** How a consumer's TypeScript checks the package: strict, NodeNext, the package's own types not skipped. */
const compilerOptions = {
  strict: true,
  module: "NodeNext",
  moduleResolution: "NodeNext",
  target: "ES2022",
  noEmit: true,
  lib: ["ES2022", "DOM"],
  skipLibCheck: false,
  types: [],
};

const run = (args: string[]) => app.run(process.execPath, args);

/** A consumer of the main entry, with `extra` at its end (line 7). */
const consumer = (extra: string) =>
  `import { createPetstoreClient, type Pet } from "@petstore/sdk";
const client = createPetstoreClient({ baseUrl: "http://api.test", apiKey: "k" });
export async function names(): Promise<string[]> {
  const { data } = await client.GET("/pets", { params: { query: { status: ["available"] } } });
  return (data ?? []).map((pet: Pet) => pet.name);
}
${extra}`;

/** A consumer of @petstore/sdk/schemas, with `extra` at its end (line 10). */
const schemasConsumer = (extra: string) =>
  `import { createPetstoreClient } from "@petstore/sdk";
import { NewPet, placeOrderBody, type StandardSchemaV1 } from "@petstore/sdk/schemas";
type NewPetForm = StandardSchemaV1.InferOutput<typeof NewPet>;
export const form: NewPetForm = { name: "Rex", categoryId: 1 };
const client = createPetstoreClient({ baseUrl: "http://api.test", apiKey: "k" });
export async function place(value: unknown) {
  const result = await placeOrderBody["~standard"].validate(value);
  return result.issues ? result.issues.map((issue) => issue.message) : client.POST("/store/orders", { body: result.value });
}
${extra}`;

/** The consumers tsc checks, each a module of its own: two that must pass, two with a wrong line at their end. */
const CONSUMERS = {
  "consumer.ts": consumer(""),
  "consumer-wrong.ts": consumer(`void client.GET("/owners");`),
  "schemas-consumer.ts": schemasConsumer(""),
  "schemas-consumer-wrong.ts": schemasConsumer(`export const missing: NewPetForm = { name: "Rex" };`),
};
let checked: ReturnType<typeof problemsByFile> | undefined;
/** One tsc run over every consumer: what it reports, file by file. */
function typeCheckConsumers() {
  checked ??= problemsByFile(app.typeCheck(CONSUMERS, compilerOptions), Object.keys(CONSUMERS));
  return checked;
}

beforeAll(() => {
  app = packedApp({ packages: ["sdk"] });
  project = app.dir;
}, 180_000);

afterAll(() => app?.remove());

describe("the packed @petstore/sdk", () => {
  it("imports as ESM and calls through an injected fetch", () => {
    writeFileSync(
      join(project, "esm.mjs"),
      `import { createPetstoreClient, PetstoreError } from "@petstore/sdk";
const client = createPetstoreClient({ baseUrl: "http://api.test", apiKey: "k", fetch: async (request) =>
  Response.json([{ id: 1, name: "Rex", categoryId: 1, status: "available" }], { headers: { "X-Seen-Auth": request.headers.get("Authorization") } }) });
const { data, response } = await client.GET("/pets");
console.log(data[0].name, response.headers.get("X-Seen-Auth"), typeof PetstoreError);`,
    );
    expect(run(["esm.mjs"]).trim()).toBe("Rex Bearer k function");
  });

  it("requires as CommonJS", () => {
    writeFileSync(
      join(project, "cjs.cjs"),
      `const sdk = require("@petstore/sdk");
console.log(typeof sdk.createPetstoreClient, typeof sdk.paginate, typeof sdk.unwrap);`,
    );
    expect(run(["cjs.cjs"]).trim()).toBe("function function function");
  });

  it("imports @petstore/sdk/schemas as ESM and as CommonJS, apart from the main entry", () => {
    const check = `const failed = NewPet["~standard"].validate({ categoryId: 1, owner: "me" });
const passed = requestBodySchemas.placeOrder["~standard"].validate({ petId: 1, quantity: 2 });
console.log(JSON.stringify([failed, passed]));`;
    writeFileSync(
      join(project, "schemas.mjs"),
      `import { NewPet, requestBodySchemas } from "@petstore/sdk/schemas";\n${check}`,
    );
    writeFileSync(
      join(project, "schemas.cjs"),
      `const { NewPet, requestBodySchemas } = require("@petstore/sdk/schemas");\n${check}`,
    );
    const expected = [
      {
        issues: [
          { message: "body.name is required", path: ["name"] },
          {
            message: "body.owner is not a field of this body; the fields are: name, categoryId, status",
            path: ["owner"],
          },
        ],
      },
      { value: { petId: 1, quantity: 2 } },
    ];
    expect(JSON.parse(run(["schemas.mjs"]))).toEqual(expected);
    expect(JSON.parse(run(["schemas.cjs"]))).toEqual(expected);
    const dist = join(project, "node_modules/@petstore/sdk/dist");
    for (const file of ["schemas.js", "schemas.cjs"]) {
      // Compiled ahead of time: nothing is compiled at run time, so a strict CSP is fine.
      expect(readFileSync(join(dist, file), "utf8"), file).not.toMatch(/new Function|\beval\(|require\("ajv/);
    }
    for (const file of ["index.js", "index.cjs"]) {
      expect(readFileSync(join(dist, file), "utf8"), `${file} carries no validator`).not.toMatch(
        /isDateTime|is required/,
      );
    }
  });

  it("imports @petstore/sdk/tags as ESM and as CommonJS, apart from the main entry", () => {
    const check = `console.log(JSON.stringify([readTags("getPet", { params: { path: { petId: 7 } } }), affectedTags("placeOrder", { body: { petId: 7, quantity: 1 } })]));`;
    writeFileSync(join(project, "tags.mjs"), `import { affectedTags, readTags } from "@petstore/sdk/tags";\n${check}`);
    writeFileSync(
      join(project, "tags.cjs"),
      `const { affectedTags, readTags } = require("@petstore/sdk/tags");\n${check}`,
    );
    for (const file of ["tags.mjs", "tags.cjs"]) {
      const [read, affected] = JSON.parse(run([file])) as string[][];
      expect(read, file).toEqual(["petstore:getPet", "petstore:getPet:petId=7"]);
      expect(affected, file).toContain("petstore:getInventoryItem:petId=7");
    }
    for (const file of ["index.js", "index.cjs"]) {
      const dist = join(project, "node_modules/@petstore/sdk/dist");
      expect(readFileSync(join(dist, file), "utf8"), `${file} carries no tag table`).not.toMatch(/getInventoryItem/);
    }
  });

  it("type-checks a consumer, and rejects a wrong call", () => {
    const { problemsOf, outside } = typeCheckConsumers();
    expect(outside).toEqual([]);
    expect(problemsOf("consumer.ts")).toEqual([]);
    expect(problemsOf("consumer-wrong.ts").join("\n")).toMatch(
      /consumer-wrong\.ts\(7,\d+\): error TS2345: Argument of type '"\/owners"'/,
    );
  }, 120_000);

  it("type-checks a consumer of @petstore/sdk/schemas: the output of a schema is the body the client takes", () => {
    const { problemsOf, outside } = typeCheckConsumers();
    expect(outside).toEqual([]);
    expect(problemsOf("schemas-consumer.ts")).toEqual([]);
    expect(problemsOf("schemas-consumer-wrong.ts").join("\n")).toMatch(
      /schemas-consumer-wrong\.ts\(10,\d+\): error TS2741: Property 'categoryId' is missing/,
    );
  }, 120_000);
});
