// The facts of the document the mock sends without computing them, read here through
// @petstore/contract: a change of the document that the mock did not follow fails.
import { demoApiKey, document, errorStatuses, operation, operations } from "@petstore/contract";
import { describe, expect, it } from "vitest";
import { createPetstoreFetch, DEMO_API_KEY } from "../src/index.js";
import { DEFAULT_PORT } from "../src/standalone/options.js";

const baseUrl = "http://petstore.document-facts.test";
const authorization = `Bearer ${demoApiKey}`;
const petstore = createPetstoreFetch({ baseUrl });

/** The value the document gives a header: its schema's single `enum` value, else its `example`. */
function documentedValue(header: { schema: { enum?: unknown[] }; example?: unknown }): string {
  return String(header.schema.enum?.length === 1 ? header.schema.enum[0] : header.example);
}

describe("the document's facts in the mock's answers", () => {
  it("a simulated error (Prefer: code=NNN) carries the headers its response requires, with the document's values", async () => {
    const mismatches: string[] = [];
    for (const op of operations) {
      for (const status of errorStatuses(op)) {
        const path = op.path.replace(/\{\w+\}/g, "1");
        const response = await petstore(`${baseUrl}${path}`, {
          method: op.method,
          headers: { Authorization: authorization, Prefer: `code=${status}` },
        });
        const required = op.responses.get(status)!.headers.filter((header) => header.required);
        for (const header of required) {
          const sent = response.headers.get(header.name);
          if (response.status !== status || sent !== documentedValue(header)) {
            mismatches.push(`${op.operationId} ${status} ${header.name}: ${sent} (status ${response.status})`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it("the Retry-After of a 429 is the document's (its example)", async () => {
    const listPets = operation("listPets");
    const retryAfter = listPets.responses.get(429)!.headers.find(({ name }) => name === "Retry-After");
    const response = await petstore(`${baseUrl}${listPets.path}`, {
      headers: { Authorization: authorization, Prefer: "code=429" },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("Retry-After")).toBe(String(retryAfter!.example));
  });

  it("a created record's Location is the URL of the document's get operation on it", async () => {
    const created = [
      { creator: "createPet", reader: "getPet", body: { name: "Rex", categoryId: 1 } },
      { creator: "createCategory", reader: "getCategory", body: { name: "Ferrets" } },
      { creator: "placeOrder", reader: "getOrder", body: { petId: 1, quantity: 1 } },
    ];
    for (const { creator, reader, body } of created) {
      const response = await petstore(`${baseUrl}${operation(creator).path}`, {
        method: operation(creator).method,
        headers: { Authorization: authorization, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(response.status, creator).toBe(201);
      const { id } = (await response.json()) as { id: number };
      expect(response.headers.get("Location")).toBe(
        `${baseUrl}${operation(reader).path.replace(/\{\w+\}/, String(id))}`,
      );
    }
  });

  it("the demo key and the default port are the document's (x-demo-key, the first server)", () => {
    expect(DEMO_API_KEY).toBe(document.components.securitySchemes.bearerAuth["x-demo-key"]);
    expect(DEFAULT_PORT).toBe(Number(new URL(document.servers[0]!.url).port));
  });
});
