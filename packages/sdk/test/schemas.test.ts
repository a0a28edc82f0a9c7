import { readFileSync } from "node:fs";
import { operations } from "@petstore/contract";
import { createPetstoreFetch, DEMO_API_KEY } from "@petstore/mock";
import type { StandardSchemaV1 } from "@standard-schema/spec";
import { describe, expect, it } from "vitest";
import {
  CategoryPatch,
  InventoryUpdate,
  NewCategory,
  NewPet,
  OrderPatch,
  PetPatch,
  placeOrderBody,
  requestBodySchemas,
} from "../src/schemas.js";
import { BASE_URL } from "./support.js";

/** The schema's verdict, which is synchronous. */
function validate(schema: StandardSchemaV1, value: unknown) {
  const result = schema["~standard"].validate(value);
  if (result instanceof Promise) {
    throw new Error("validate returned a Promise");
  }
  return result;
}

const issuesOf = (schema: StandardSchemaV1, value: unknown) => validate(schema, value).issues;

/** What the mock answers for `body` sent to `operationId` (on records of the demo data). */
async function mockAnswer(operationId: keyof typeof requestBodySchemas, body: unknown) {
  const operation = operations.find((candidate) => candidate.operationId === operationId)!;
  const path = operation.path.replace(/\{\w+\}/g, "1");
  const response = await createPetstoreFetch({ baseUrl: BASE_URL })(`${BASE_URL}${path}`, {
    method: operation.method,
    headers: { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
}

describe("@petstore/sdk/schemas", () => {
  it("has a schema for the body of every operation that takes one", () => {
    const withBodies = operations.filter((operation) => operation.body).map((operation) => operation.operationId);
    expect(Object.keys(requestBodySchemas).sort()).toEqual([...withBodies].sort());
    expect(requestBodySchemas).toMatchObject({
      createPet: NewPet,
      replacePet: NewPet,
      updatePet: PetPatch,
      createCategory: NewCategory,
      replaceCategory: NewCategory,
      updateCategory: CategoryPatch,
      placeOrder: placeOrderBody,
      updateOrder: OrderPatch,
      updateInventoryItem: InventoryUpdate,
    });
    for (const schema of Object.values(requestBodySchemas)) {
      expect(schema["~standard"]).toMatchObject({ version: 1, vendor: "petstore" });
    }
  });

  it("passes valid bodies with their value", () => {
    const valid: [StandardSchemaV1, unknown][] = [
      [NewPet, { name: "Biscuit", categoryId: 1 }],
      [NewPet, { name: "Biscuit", categoryId: 1, status: "pending" }],
      [PetPatch, { status: "sold" }],
      [NewCategory, { name: "Hamsters", description: "Small, nocturnal and curious." }],
      [CategoryPatch, { description: "" }],
      [placeOrderBody, { petId: 1, quantity: 1 }],
      [placeOrderBody, { petId: 9007199254740991, quantity: 1000000, shipDate: "2026-12-01T10:00:00.000Z" }],
      [OrderPatch, { complete: true }],
      [OrderPatch, { shipDate: "2028-02-29T23:59:60+01:00" }],
      [InventoryUpdate, { quantity: 0 }],
    ];
    for (const [schema, body] of valid) {
      const result = validate(schema, body);
      expect(result).toEqual({ value: body });
      expect(result.issues).toBeUndefined();
      expect((result as { value: unknown }).value).toBe(body);
    }
  });

  it("names the field of each kind of invalid body, in the mock's words", () => {
    const cases: [StandardSchemaV1, unknown, PropertyKey[], string][] = [
      [NewPet, { categoryId: 1 }, ["name"], "body.name is required"],
      [
        NewPet,
        { name: "Rex", categoryId: 1, owner: "me" },
        ["owner"],
        "body.owner is not a field of this body; the fields are: name, categoryId, status",
      ],
      [NewPet, { name: 7, categoryId: 1 }, ["name"], "body.name must be a string (got 7)"],
      [NewPet, { name: "", categoryId: 1 }, ["name"], 'body.name must be at least 1 character long (got "")'],
      [NewPet, { name: "x".repeat(101), categoryId: 1 }, ["name"], "body.name must be at most 100 characters long"],
      [
        NewPet,
        { name: "   ", categoryId: 1 },
        ["name"],
        'body.name is not valid: A name of 1 to 100 characters, at least one of them not white space. (got "   ")',
      ],
      [NewPet, { name: "Rex", categoryId: 0 }, ["categoryId"], "body.categoryId must be at least 1 (got 0)"],
      [NewPet, { name: "Rex", categoryId: 1.5 }, ["categoryId"], "body.categoryId must be an integer (got 1.5)"],
      [
        NewPet,
        { name: "Rex", categoryId: 1, status: "lost" },
        ["status"],
        'body.status must be one of: available, pending, sold (got "lost")',
      ],
      [PetPatch, {}, [], "body must set at least one of: name, categoryId, status"],
      [NewCategory, [], [], "body must be a JSON object (got an array)"],
      [NewCategory, null, [], "body must be a JSON object (got null)"],
      [NewCategory, "Hamsters", [], 'body must be a JSON object (got "Hamsters")'],
      [
        NewCategory,
        { name: "Hamsters", description: "x".repeat(501) },
        ["description"],
        "body.description must be at most 500 characters long",
      ],
      [CategoryPatch, { name: null }, ["name"], "body.name must be a string (got null)"],
      [placeOrderBody, { petId: 1, quantity: 1, id: 5 }, ["id"], "body.id is read-only: the service assigns it"],
      [
        placeOrderBody,
        { petId: 1, quantity: 1, complete: false },
        ["complete"],
        "body.complete is read-only: the service assigns it",
      ],
      [placeOrderBody, { petId: 1 }, ["quantity"], "body.quantity is required"],
      [
        placeOrderBody,
        { petId: 1, quantity: 1000001 },
        ["quantity"],
        "body.quantity must be at most 1000000 (got 1000001)",
      ],
      [
        OrderPatch,
        { shipDate: "2026-02-30T10:00:00Z" },
        ["shipDate"],
        'body.shipDate must be an ISO 8601 date-time such as 2026-12-01T10:00:00Z (got "2026-02-30T10:00:00Z")',
      ],
      [OrderPatch, { complete: "yes" }, ["complete"], 'body.complete must be a boolean (got "yes")'],
      [InventoryUpdate, { quantity: -1 }, ["quantity"], "body.quantity must be at least 0 (got -1)"],
      [InventoryUpdate, {}, ["quantity"], "body.quantity is required"],
    ];
    for (const [schema, body, path, message] of cases) {
      expect(issuesOf(schema, body), JSON.stringify(body)).toEqual([{ message, path }]);
    }
  });

  it("gives one issue per field, every field at fault, the mock's first one first", async () => {
    const withProto = JSON.parse('{"name":"","categoryId":"1","status":"lost","owner":"me","__proto__":1}');
    expect(issuesOf(NewPet, withProto)).toEqual([
      {
        path: ["owner"],
        message: "body.owner is not a field of this body; the fields are: name, categoryId, status",
      },
      {
        path: ["__proto__"],
        message: "body.__proto__ is not a field of this body; the fields are: name, categoryId, status",
      },
      // `""` also breaks the pattern: one issue for the field, its first problem.
      { path: ["name"], message: 'body.name must be at least 1 character long (got "")' },
      { path: ["categoryId"], message: 'body.categoryId must be an integer (got "1")' },
      { path: ["status"], message: 'body.status must be one of: available, pending, sold (got "lost")' },
    ]);
    expect((await mockAnswer("createPet", withProto)).body.message).toBe(issuesOf(NewPet, withProto)![0]!.message);

    const missing = { quantity: 0, complete: true };
    expect(issuesOf(placeOrderBody, missing)).toEqual([
      { path: ["quantity"], message: "body.quantity must be at least 1 (got 0)" },
      { path: ["complete"], message: "body.complete is read-only: the service assigns it" },
      { path: ["petId"], message: "body.petId is required" },
    ]);
    expect(await mockAnswer("placeOrder", missing)).toEqual({
      status: 400,
      body: expect.objectContaining({ code: "INVALID_FIELD", message: "body.quantity must be at least 1 (got 0)" }),
    });
  });

  it("is compiled ahead of time: no code is generated at run time (strict CSP)", () => {
    for (const file of [
      "body-validators.js",
      "body-schemas.ts",
      "standard-schema.ts",
      "describe-validation-error.ts",
    ]) {
      const source = readFileSync(new URL(`../src/generated/${file}`, import.meta.url), "utf8");
      expect(source, file).not.toMatch(/new Function|\beval\(|require\(/);
      expect(source, file).not.toMatch(/from "ajv/);
    }
  });
});
