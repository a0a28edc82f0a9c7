import { afterEach, describe, expect, it, vi } from "vitest";
import type { DeprecationNotice } from "../src/index.js";
import { clientOverMock } from "./support.js";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("deprecation", () => {
  it("warns once per operation, naming the replacement and the sunset date, by default", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = clientOverMock({ onDeprecation: undefined });
    await client.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
    await client.GET("/pets/{petId}", { params: { path: { petId: 2 } } });
    await client.GET("/pets");
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toBe(
      "[@petstore/sdk] GET /pets/{petId} is deprecated; use GET /pets?id={petId} instead; sunset: Wed, 30 Jun 2027 23:59:59 GMT.",
    );
  });

  it("hands every notice to onDeprecation instead when given", async () => {
    const notices: DeprecationNotice[] = [];
    const { client } = clientOverMock({ onDeprecation: (notice) => notices.push(notice) });
    await client.GET("/pets/{petId}", { params: { path: { petId: 999 } } });
    expect(notices).toEqual([
      {
        operation: "GET /pets/{petId}",
        deprecation: "@1782864000",
        sunset: "Wed, 30 Jun 2027 23:59:59 GMT",
        replacement: "GET /pets?id={petId}",
      },
    ]);
  });

  it("reads the replacement from the document's x-replaced-by", async () => {
    const { operations } = await import("@petstore/contract");
    const getPet = operations.find((operation) => operation.operationId === "getPet");
    expect(getPet?.replacedBy).toEqual({ operationId: "listPets", parameters: { id: "$request.path.petId" } });
  });

  it("stays silent with onDeprecation: false", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { client } = clientOverMock({ onDeprecation: false });
    await client.GET("/pets/{petId}", { params: { path: { petId: 1 } } });
    expect(warn).not.toHaveBeenCalled();
  });
});
