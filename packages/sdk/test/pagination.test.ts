import { describe, expect, it } from "vitest";
import { type Order, PetstoreError, paginate, parseNextLink } from "../src/index.js";
import { clientOverMock } from "./support.js";

describe("paginate", () => {
  it("follows Link next across every page and keeps the filters", async () => {
    const { client, store } = clientOverMock();
    const names: string[] = [];
    for await (const pet of paginate(client, "/pets", { params: { query: { status: ["available"], limit: 3 } } })) {
      names.push(pet.name);
    }
    const available = [...store.pets.values()].filter((pet) => pet.status === "available").map((pet) => pet.name);
    expect(names).toEqual(available);
    expect(names.length).toBeGreaterThan(3);
  });

  it("works without options", async () => {
    const { client } = clientOverMock();
    const orders: Order[] = [];
    for await (const order of paginate(client, "/store/orders")) {
      orders.push(order);
    }
    expect(orders.length).toBeGreaterThan(0);
    const categories = [];
    for await (const category of paginate(client, "/categories", { params: { query: { limit: 1 } } })) {
      categories.push(category.name);
    }
    expect(categories).toEqual(["Dogs", "Cats", "Rabbits", "Birds", "Fish", "Reptiles"]);
  });

  it("throws a PetstoreError when a page fails", async () => {
    const { client } = clientOverMock();
    const pages = paginate(client, "/pets", { params: { header: { Prefer: "code=503" } } });
    await expect(pages.next()).rejects.toBeInstanceOf(PetstoreError);
  });
});

describe("parseNextLink", () => {
  it("gives the query of the rel=next target, relative or absolute, among other relations", () => {
    const link = '<http://127.0.0.1:4010/pets?offset=0&limit=20>; rel="first", </pets?offset=40&limit=20>; rel=next';
    expect(Object.fromEntries(parseNextLink(link)!)).toEqual({ offset: "40", limit: "20" });
    expect(parseNextLink('<http://h/pets?offset=20&limit=20&status=sold>; rel="next"')?.get("status")).toBe("sold");
  });

  it("is null without a next relation or a header", () => {
    expect(parseNextLink('<http://h/pets?offset=0&limit=20>; rel="prev"')).toBeNull();
    expect(parseNextLink("")).toBeNull();
    expect(parseNextLink(null)).toBeNull();
  });
});
