import { describe, expect, it } from "vitest";
import { bundleControlDocument, controlDocument, controlOperations, limits, operations } from "../src/index.js";

// openapi/control.yaml refers to petstore.yaml's records and Error; the contract makes it one document.
const main = {
  components: {
    schemas: {
      Id: { type: "integer", minimum: 1 },
      Pet: { type: "object", properties: { id: { $ref: "#/components/schemas/Id" } } },
    },
    parameters: { Session: { name: "X-Session", in: "header", schema: { type: "string", pattern: "^a+$" } } },
  },
} as never;

describe("bundleControlDocument", () => {
  it("copies each referenced component of petstore.yaml, and what it refers to, and makes the references local", () => {
    const control = {
      components: { schemas: { Pets: { type: "array", items: { $ref: "./petstore.yaml#/components/schemas/Pet" } } } },
    } as never;
    const bundled = bundleControlDocument(control, main) as unknown as {
      components: { schemas: Record<string, unknown> };
    };
    expect(bundled.components.schemas.Pets).toEqual({ type: "array", items: { $ref: "#/components/schemas/Pet" } });
    expect(Object.keys(bundled.components.schemas).sort()).toEqual(["Id", "Pet", "Pets"]);
  });

  it("copies a part of a parameter in place, as tools type a parameter by its value", () => {
    const control = {
      components: { schemas: { Name: { $ref: "./petstore.yaml#/components/parameters/Session/schema" } } },
    } as never;
    const bundled = bundleControlDocument(control, main) as unknown as {
      components: { schemas: Record<string, unknown> };
    };
    expect(bundled.components.schemas.Name).toEqual({ type: "string", pattern: "^a+$" });
  });

  it("refuses a component of petstore.yaml whose name the control document already uses", () => {
    const control = {
      components: { schemas: { Id: { type: "string" }, Ref: { $ref: "./petstore.yaml#/components/schemas/Id" } } },
    } as never;
    expect(() => bundleControlDocument(control, main)).toThrow(
      "refers to schemas Id of petstore.yaml but has a schemas Id",
    );
  });

  it("leaves openapi/control.yaml with no reference to another file", () => {
    expect(JSON.stringify(controlDocument)).not.toContain("petstore.yaml#");
    expect(controlOperations.map((operation) => operation.operationId).sort()).toEqual([
      "changeRecords",
      "chooseOutcome",
      "clearOutcome",
      "clearOutcomes",
      "deleteSession",
      "getSessionState",
      "listOutcomes",
      "listSessions",
      "putSessionState",
      "resetSession",
      "setLatency",
    ]);
  });

  it("bounds a session's latency and outcomes by petstore.yaml: its Prefer delay limit, one outcome per operation", () => {
    const schemas = (controlDocument as unknown as { components: { schemas: Record<string, Record<string, unknown>> } })
      .components.schemas;
    expect(schemas.LatencyMs!.maximum).toBe(limits.preferDelayMaxMs);
    const outcomes = (schemas.SessionOutcomes!.properties as Record<string, { maxItems: number }>).outcomes!;
    expect(outcomes.maxItems).toBeGreaterThanOrEqual(operations.length);
  });
});
