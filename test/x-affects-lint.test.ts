// The Spectral rule `x-affects` (openapi/.spectral.yaml, openapi/functions/x-affects.js): the document
// passes it, and each kind of mistake in an `x-affects` list is reported with a message that names the
// write, the entry and what is wrong. Once through the Spectral CLI, to show the rule is wired in.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { document } from "@petstore/contract";
import { runToEnd } from "@petstore/testing/process";
import { describe, expect, it } from "vitest";
import xAffects from "../openapi/functions/x-affects.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

type Doc = typeof document;
/** The `x-affects` list of the operation at `path` and `method` of a document. */
const affectsOf = (doc: Doc, path: string, method: string) => doc.paths[path]![method]!["x-affects"];

/** The messages of the rule on a copy of the document, changed by `change`. */
function messagesAfter(change: (doc: Doc) => void): string[] {
  const copy = structuredClone(document);
  change(copy);
  return xAffects(copy).map(({ message }) => message);
}

describe("the x-affects rule", () => {
  it("passes the document, whose every write lists what it changes", () => {
    expect(xAffects(document)).toEqual([]);
    const writes = Object.values(document.paths).flatMap((item) =>
      ["post", "put", "patch", "delete"].filter((method) => item[method]).map((method) => item[method]!),
    );
    expect(writes).toHaveLength(12);
    for (const write of writes) {
      expect(write["x-affects"].length, write.operationId).toBeGreaterThan(0);
    }
  });

  // [what is wrong, the change, a message naming the write, the entry and the mistake]
  const mistakes: [string, (doc: Doc) => void, string][] = [
    [
      "an operation that does not exist",
      (doc) => {
        affectsOf(doc, "/store/orders", "post")[0].operationId = "listOrderz";
      },
      "placeOrder (POST /store/orders) x-affects[0] (listOrderz): listOrderz is not an operation of this document",
    ],
    [
      "an operation that is not a GET",
      (doc) => {
        affectsOf(doc, "/pets", "post")[0].operationId = "deletePet";
      },
      "createPet (POST /pets) x-affects[0] (deletePet): deletePet is a DELETE operation, not a read (GET)",
    ],
    [
      "a parameter that is not a path parameter of the read",
      (doc) => {
        affectsOf(doc, "/pets/{petId}", "put")[0].parameters = { limit: "$request.path.petId" };
      },
      "replacePet (PUT /pets/{petId}) x-affects[0] (listPets): parameter limit is not a path parameter of listPets (its path parameters: none)",
    ],
    [
      "an expression of none of the three forms",
      (doc) => {
        affectsOf(doc, "/store/orders", "post")[3].parameters.petId = "$request.query.petId";
      },
      'placeOrder (POST /store/orders) x-affects[3] (getInventoryItem): parameter petId: "$request.query.petId" is not a runtime expression of the form $request.path.NAME, $request.body#/POINTER or $response.body#/POINTER',
    ],
    [
      "a plain value instead of an expression",
      (doc) => {
        affectsOf(doc, "/store/orders", "post")[3].parameters.petId = 7;
      },
      "placeOrder (POST /store/orders) x-affects[3] (getInventoryItem): parameter petId: the value must be a runtime expression",
    ],
    [
      "$request.path of a parameter the write does not have",
      (doc) => {
        affectsOf(doc, "/store/orders", "post")[1].parameters.orderId = "$request.path.orderId";
      },
      "placeOrder (POST /store/orders) x-affects[1] (getOrder): parameter orderId: $request.path.orderId names a path parameter that placeOrder does not have (its path parameters: none)",
    ],
    [
      "$request.body at a property the request body does not have",
      (doc) => {
        affectsOf(doc, "/store/orders", "post")[3].parameters.petId = "$request.body#/pet";
      },
      "placeOrder (POST /store/orders) x-affects[3] (getInventoryItem): parameter petId: $request.body#/pet points at /pet, which the request body schema of placeOrder does not have",
    ],
    [
      "$request.body of a write without a body",
      (doc) => {
        affectsOf(doc, "/pets/{petId}", "delete")[1].parameters.petId = "$request.body#/id";
      },
      "deletePet (DELETE /pets/{petId}) x-affects[1] (getPet): parameter petId: $request.body#/id points into the request body, but deletePet has none",
    ],
    [
      "$response.body at a property the success response does not have",
      (doc) => {
        affectsOf(doc, "/store/orders/{orderId}", "patch")[5].parameters.petId = "$response.body#/pet/id";
      },
      "updateOrder (PATCH /store/orders/{orderId}) x-affects[5] (getPet): parameter petId: $response.body#/pet/id points at /pet/id, which the success response schema of updateOrder does not have",
    ],
    [
      "$response.body of a write whose success has no body",
      (doc) => {
        affectsOf(doc, "/store/orders/{orderId}", "delete")[5].parameters = { petId: "$response.body#/petId" };
      },
      "cancelOrder (DELETE /store/orders/{orderId}) x-affects[5] (getPet): parameter petId: $response.body#/petId points into the success response body, but cancelOrder has none",
    ],
    [
      "a write without x-affects",
      (doc) => {
        delete doc.paths["/categories"]!.post!["x-affects"];
      },
      "createCategory (POST /categories) has no x-affects: every write must list the read operations whose answers it can change",
    ],
    [
      "an empty x-affects",
      (doc) => {
        doc.paths["/categories/{categoryId}"]!.patch!["x-affects"] = [];
      },
      "updateCategory (PATCH /categories/{categoryId}): x-affects must be a non-empty list",
    ],
    [
      "x-affects on a read",
      (doc) => {
        doc.paths["/pets"]!.get!["x-affects"] = [{ operationId: "getPet" }];
      },
      "listPets (GET /pets) is a read: only writes (POST, PUT, PATCH, DELETE) have x-affects",
    ],
    [
      "an entry without an operationId",
      (doc) => {
        affectsOf(doc, "/store/inventory/{petId}", "put")[0] = { operation: "listInventory" };
      },
      "updateInventoryItem (PUT /store/inventory/{petId}) x-affects[0]: an entry must be an object with an operationId (a string)",
    ],
    [
      "an entry with an unknown key",
      (doc) => {
        affectsOf(doc, "/store/inventory/{petId}", "put")[0].query = { limit: 5 };
      },
      'updateInventoryItem (PUT /store/inventory/{petId}) x-affects[0] (listInventory): unknown key "query" (an entry has only operationId and parameters)',
    ],
    [
      "an entry listed twice",
      (doc) => {
        const affects = affectsOf(doc, "/categories/{categoryId}", "delete");
        affects.push(structuredClone(affects[1]));
      },
      "deleteCategory (DELETE /categories/{categoryId}) x-affects[2] (getCategory): repeats an earlier entry",
    ],
  ];

  it.each(mistakes)("reports %s, naming the write, the entry and the mistake", (_what, change, expected) => {
    const messages = messagesAfter(change);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(expected);
  });

  it("follows $ref and allOf into the bodies' schemas", () => {
    // placeOrder's body is allOf [Order, {petId, quantity}]; Order (a $ref) has shipDate.
    expect(
      messagesAfter((doc) => {
        affectsOf(doc, "/store/orders", "post")[3].parameters.petId = "$request.body#/shipDate";
        affectsOf(doc, "/store/orders", "post")[5].parameters.petId = "$response.body#/petId";
      }),
    ).toEqual([]);
  });

  it("is wired into `pnpm lint:spectral`: the CLI fails on a broken copy, with these messages", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "petstore-x-affects-"));
    try {
      const copy = structuredClone(document);
      affectsOf(copy, "/store/orders", "post")[0].operationId = "listOrderz";
      delete copy.paths["/categories"]!.post!["x-affects"];
      const file = path.join(dir, "petstore.json");
      writeFileSync(file, JSON.stringify(copy));
      const require = createRequire(import.meta.url);
      const cli = path.join(path.dirname(require.resolve("@stoplight/spectral-cli/package.json")), "dist/index.js");
      const ruleset = path.join(ROOT, "openapi/.spectral.yaml");
      const run = await runToEnd(process.execPath, [cli, "lint", file, "--ruleset", ruleset, "--format", "json"], {
        cwd: ROOT,
      });
      expect(run.code, run.stderr).toBe(1);
      const found = (JSON.parse(run.stdout) as { code: string; message: string; path: string[] }[])
        .filter(({ code }) => code === "x-affects")
        .map(({ message, path }) => ({ message, path: path.join(".") }));
      expect(found).toEqual([
        {
          message: expect.stringContaining("createCategory (POST /categories) has no x-affects"),
          path: "paths./categories.post",
        },
        {
          message: expect.stringContaining(
            "placeOrder (POST /store/orders) x-affects[0] (listOrderz): listOrderz is not an operation",
          ),
          path: "paths./store/orders.post.x-affects.0.operationId",
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
