import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "./support/adapters.js";

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status: string;
}

describeEachAdapter("pets", (adapter) => {
  it("lists the first page of pets with X-Total-Count and a next link that keeps the filters", async () => {
    const response = await adapter().request("/pets?status=available&limit=3");
    expect(response.status).toBe(200);
    const pets = await json<Pet[]>(response);
    expect(pets).toHaveLength(3);
    expect(pets.every((pet) => pet.status === "available")).toBe(true);
    expect(pets.map((pet) => pet.id)).toEqual([...pets.map((pet) => pet.id)].sort((a, b) => a - b));
    const total = Number(response.headers.get("X-Total-Count"));
    expect(total).toBeGreaterThan(3);
    const link = response.headers.get("Link")!;
    expect(link).toContain('rel="next"');
    const next = /<([^>]+)>; rel="next"/.exec(link)![1]!;
    expect(next.startsWith(adapter().baseUrl)).toBe(true);
    expect(new URL(next).searchParams.get("status")).toBe("available");
    expect(new URL(next).searchParams.get("offset")).toBe("3");
  });

  it("walks every page through the Link headers and sees each pet once", async () => {
    const seen: number[] = [];
    let path: string | null = "/pets?limit=6";
    while (path) {
      const response = await adapter().request(path);
      seen.push(...(await json<Pet[]>(response)).map((pet) => pet.id));
      const next = /<([^>]+)>; rel="next"/.exec(response.headers.get("Link") ?? "");
      path = next ? next[1]!.slice(adapter().baseUrl.length) : null;
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  });

  it("combines filters: several statuses, a category and a case-insensitive name", async () => {
    const response = await adapter().request("/pets?status=available&status=pending&categoryId=1&name=REX");
    const pets = await json<Pet[]>(response);
    expect(pets.map((pet) => pet.name)).toContain("Rex");
    expect(pets.every((pet) => pet.categoryId === 1 && /rex/i.test(pet.name))).toBe(true);
    expect(Number(response.headers.get("X-Total-Count"))).toBe(pets.length);
  });

  it("filters by id, the replacement for the deprecated getPet", async () => {
    const pets = await json<Pet[]>(await adapter().request("/pets?id=2&id=1&id=999"));
    expect(pets.map((pet) => pet.id)).toEqual([1, 2]);
  });

  it("refuses an unknown query parameter, a bad status and an out-of-range limit, naming them", async () => {
    await expectError(await adapter().request("/pets?stauts=sold"), 400, "UNKNOWN_PARAMETER", /stauts/);
    await expectError(
      await adapter().request("/pets?status=lost"),
      400,
      "INVALID_PARAMETER",
      /status.*available, pending, sold/,
    );
    await expectError(await adapter().request("/pets?limit=0"), 400, "INVALID_PARAMETER", /limit must be at least 1/);
    await expectError(
      await adapter().request("/pets?limit=101"),
      400,
      "INVALID_PARAMETER",
      /limit must be at most 100/,
    );
    await expectError(await adapter().request("/pets?offset=-1"), 400, "INVALID_PARAMETER", /offset/);
    await expectError(
      await adapter().request("/pets?limit=1&limit=2"),
      400,
      "INVALID_PARAMETER",
      /limit must be given once/,
    );
  });

  it("creates a pet with status available by default, 201 and an absolute Location", async () => {
    const response = await adapter().request("/pets", { method: "POST", json: { name: "Biscuit", categoryId: 1 } });
    expect(response.status).toBe(201);
    const pet = await json<Pet>(response);
    expect(pet).toEqual({ id: 21, name: "Biscuit", categoryId: 1, status: "available" });
    expect(response.headers.get("Location")).toBe(`${adapter().baseUrl}/pets/21`);
    const stock = await json(await adapter().request("/store/inventory/21"));
    expect(stock).toEqual({ petId: 21, quantity: 0, status: "available" });
  });

  it("refuses a pet in a category that does not exist with 422", async () => {
    const response = await adapter().request("/pets", { method: "POST", json: { name: "Ghost", categoryId: 999 } });
    await expectError(response, 422, "UNKNOWN_REFERENCE", /body\.categoryId.*999/);
    expect(adapter().store.pets.size).toBe(20);
  });

  it("names the field of every invalid body", async () => {
    const post = (json: unknown) => adapter().request("/pets", { method: "POST", json });
    await expectError(await post({ categoryId: 1 }), 400, "MISSING_FIELD", "body.name is required");
    await expectError(await post({ name: "A", categoryId: 1, colour: "red" }), 400, "UNKNOWN_FIELD", /body\.colour/);
    await expectError(
      await post({ name: "A", categoryId: "1" }),
      400,
      "INVALID_FIELD",
      /body\.categoryId must be an integer/,
    );
    await expectError(
      await post({ name: "x".repeat(101), categoryId: 1 }),
      400,
      "INVALID_FIELD",
      /body\.name.*at most 100/,
    );
    await expectError(await post({ name: "", categoryId: 1 }), 400, "INVALID_FIELD", /body\.name.*at least 1/);
    await expectError(await post({ name: "   ", categoryId: 1 }), 400, "INVALID_FIELD", /body\.name.*white space/);
    await expectError(await post({ name: "A", categoryId: 1, status: "lost" }), 400, "INVALID_FIELD", /body\.status/);
    await expectError(
      await post({ name: "A", categoryId: 2 ** 60 }),
      400,
      "INVALID_FIELD",
      /body\.categoryId must be at most/,
    );
    await expectError(
      await post({ name: "A", categoryId: 1.5 }),
      400,
      "INVALID_FIELD",
      /body\.categoryId must be an integer/,
    );
    await expectError(await post([1, 2]), 400, "INVALID_BODY", /JSON object/);
    expect(adapter().store.pets.size).toBe(20);
  });

  it("marks GET /pets/{petId} deprecated with Deprecation and Sunset headers", async () => {
    const response = await adapter().request("/pets/1");
    expect(response.status).toBe(200);
    expect(response.headers.get("Deprecation")).toBe("@1782864000");
    expect(response.headers.get("Sunset")).toBe("Wed, 30 Jun 2027 23:59:59 GMT");
    expect(await json(response)).toEqual({ id: 1, name: "Rex", categoryId: 1, status: "available" });
    const missing = await adapter().request("/pets/999");
    expect(missing.headers.get("Sunset")).toBe("Wed, 30 Jun 2027 23:59:59 GMT");
    await expectError(missing, 404, "NOT_FOUND", "pet 999 does not exist");
  });

  it("refuses ids that are not positive integers within 2^53 - 1", async () => {
    for (const id of ["abc", "0", "-1", "1.5", "0x10", "1e3", "99999999999999999999"]) {
      await expectError(await adapter().request(`/pets/${id}`), 400, "INVALID_PARAMETER", /path parameter petId/);
    }
  });

  it("replaces a pet; an omitted status means available", async () => {
    await adapter().request("/pets/1", { method: "PATCH", json: { status: "pending" } });
    const response = await adapter().request("/pets/1", { method: "PUT", json: { name: "Rex II", categoryId: 2 } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ id: 1, name: "Rex II", categoryId: 2, status: "available" });
    expect(adapter().store.inventory.get(1)?.status).toBe("available");
  });

  it("holds and releases a pet, and refuses changes to or from sold with 409", async () => {
    const patch = (id: number, json: unknown) => adapter().request(`/pets/${id}`, { method: "PATCH", json });
    expect((await json<Pet>(await patch(1, { status: "pending" }))).status).toBe("pending");
    expect(adapter().store.inventory.get(1)?.status).toBe("pending");
    expect((await json<Pet>(await patch(1, { status: "available" }))).status).toBe("available");
    await expectError(
      await patch(1, { status: "sold" }),
      409,
      "INVALID_TRANSITION",
      /becomes sold when its last order is fulfilled/,
    );
    const sold = [...adapter().store.pets.values()].find((pet) => pet.status === "sold")!;
    await expectError(await patch(sold.id, { status: "available" }), 409, "INVALID_TRANSITION", /restock/);
    await expectError(await patch(1, {}), 400, "INVALID_BODY", /at least one of: name, categoryId, status/);
    await expectError(await patch(1, { categoryId: 77 }), 422, "UNKNOWN_REFERENCE");
  });

  it("deletes a pet and its stock, but not one with open orders", async () => {
    await expectError(
      await adapter().request("/pets/1", { method: "DELETE" }),
      409,
      "PET_HAS_OPEN_ORDERS",
      /order \(1\)|orders? \(1/,
    );
    const response = await adapter().request("/pets/2", { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
    await expectError(await adapter().request("/store/inventory/2"), 404, "NOT_FOUND");
    await expectError(await adapter().request("/pets/2", { method: "DELETE" }), 404, "NOT_FOUND");
  });
});
