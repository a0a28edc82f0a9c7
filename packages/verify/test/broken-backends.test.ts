// The broken backends of test/support really break their rule: the same request through the proxy
// shows the broken behaviour and straight to the mock behind it shows the right one. Without this,
// a verify run that reports nothing against them would prove nothing.
import { DEMO_API_KEY } from "@petstore/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, apiAt } from "./support/api.js";
import { brokenBackendKinds, type RunningBrokenBackend, startBrokenBackend } from "./support/broken-backends.js";

interface Sides {
  /** Through the proxy. */
  broken: Api;
  /** Straight to the mock behind it. */
  right: Api;
  backend: RunningBrokenBackend;
}

/** A new pet of category 1 with `stock` units in stock, made on the mock. */
async function petWithStock(api: Api, stock: number): Promise<number> {
  const pet = await api("POST", "/pets", { name: "Biscuit", categoryId: 1 });
  await api("PUT", `/store/inventory/${pet.body.id}`, { quantity: stock });
  return pet.body.id as number;
}

const stockOf = async (api: Api, petId: number) => (await api("GET", `/store/inventory/${petId}`)).body.quantity;

/** One demonstration per kind: a request, or a few, whose answers differ on the two sides. */
const demonstrations: Record<string, (sides: Sides) => Promise<void>> = {
  "list-filter-ignored": async ({ broken, right }) => {
    const statuses = async (api: Api) =>
      new Set((await api("GET", "/pets?status=sold&limit=100")).list.map((pet) => pet.status));
    expect([...(await statuses(right))]).toEqual(["sold"]);
    expect(await statuses(broken)).toContain("available");
  },
  "create-answers-200": async ({ broken, right }) => {
    expect((await broken("POST", "/pets", { name: "Biscuit", categoryId: 1 })).status).toBe(200);
    expect((await right("POST", "/pets", { name: "Biscuit", categoryId: 1 })).status).toBe(201);
  },
  "total-count-dropped": async ({ broken, right }) => {
    expect((await broken("GET", "/categories")).headers.get("x-total-count")).toBeNull();
    expect((await right("GET", "/categories")).headers.get("x-total-count")).toBe("6");
  },
  "link-dropped": async ({ broken, right }) => {
    expect((await broken("GET", "/pets?limit=5")).headers.get("link")).toBeNull();
    expect((await right("GET", "/pets?limit=5")).headers.get("link")).toMatch(/rel="next"/);
  },
  "stale-list": async ({ broken, right }) => {
    const before = await broken("GET", "/categories");
    await right("POST", "/categories", { name: "Hamsters" });
    const after = await broken("GET", "/categories");
    expect(after.headers.get("x-total-count")).toBe(before.headers.get("x-total-count"));
    expect(after.list.map((category) => category.name)).not.toContain("Hamsters");
    expect((await right("GET", "/categories")).list.map((category) => category.name)).toContain("Hamsters");
  },
  "pet-field-renamed": async ({ broken, right }) => {
    expect(Object.keys((await broken("GET", "/pets/1")).body).sort()).toEqual(["category_id", "id", "name", "status"]);
    expect((await broken("GET", "/pets")).list[0]).toHaveProperty("category_id");
    expect(Object.keys((await right("GET", "/pets/1")).body).sort()).toEqual(["categoryId", "id", "name", "status"]);
  },
  "inventory-status-wrong": async ({ broken, right }) => {
    const [sold] = (await right("GET", "/store/inventory?status=sold")).list;
    expect(sold?.status).toBe("sold");
    expect((await broken("GET", `/store/inventory/${sold?.petId}`)).body.status).toBe("available");
    expect((await right("GET", `/pets/${sold?.petId}`)).body.status).toBe("sold");
  },
  "delete-does-not-delete": async ({ broken, right }) => {
    const pet = (await right("POST", "/pets", { name: "Biscuit", categoryId: 1 })).body.id;
    expect((await broken("DELETE", `/pets/${pet}`)).status).toBe(204);
    expect((await right("GET", `/pets/${pet}`)).status).toBe(200);
    // A delete the backend refuses is still refused: only the deleting is missing.
    expect((await broken("DELETE", "/pets/1")).body.code).toBe("PET_HAS_OPEN_ORDERS");
    expect((await right("DELETE", `/pets/${pet}`)).status).toBe(204);
    expect((await right("GET", `/pets/${pet}`)).status).toBe(404);
  },
  "stock-not-taken": async ({ broken, right }) => {
    const pet = await petWithStock(right, 5);
    expect((await broken("POST", "/store/orders", { petId: pet, quantity: 2 })).status).toBe(201);
    expect(await stockOf(right, pet)).toBe(5);
    expect((await right("POST", "/store/orders", { petId: pet, quantity: 2 })).status).toBe(201);
    expect(await stockOf(right, pet)).toBe(3);
  },
  "x-affects-undeclared": async ({ broken, right }) => {
    const created = (await broken("POST", "/pets", { name: "Alpha", categoryId: 1 })).body.id;
    expect((await broken("POST", "/categories", { name: "Ferrets" })).status).toBe(201);
    expect((await right("GET", `/pets/${created}`)).body.name).toBe("renamed 1");
    const other = (await right("POST", "/pets", { name: "Beta", categoryId: 1 })).body.id;
    expect((await right("POST", "/categories", { name: "Geckos" })).status).toBe(201);
    expect((await right("GET", `/pets/${other}`)).body.name).toBe("Beta");
  },
  "auth-not-enforced": async ({ broken, right }) => {
    expect((await broken("GET", "/pets", undefined, { key: null })).status).toBe(200);
    expect((await broken("GET", "/pets", undefined, { key: "wrong" })).status).toBe(200);
    expect((await right("GET", "/pets", undefined, { key: null })).status).toBe(401);
  },
  "www-authenticate-dropped": async ({ broken, right }) => {
    const refused = await broken("GET", "/pets", undefined, { key: "wrong" });
    expect([refused.status, refused.headers.get("www-authenticate")]).toEqual([401, null]);
    const rightlyRefused = await right("GET", "/pets", undefined, { key: "wrong" });
    expect(rightlyRefused.headers.get("www-authenticate")).toBe('Bearer realm="petstore"');
  },
  "error-code-undocumented": async ({ broken, right }) => {
    const pet = await petWithStock(right, 1);
    expect((await broken("POST", "/store/orders", { petId: pet, quantity: 5 })).body).toMatchObject({
      status: 409,
      code: "OUT_OF_STOCK",
    });
    expect((await right("POST", "/store/orders", { petId: pet, quantity: 5 })).body.code).toBe("INSUFFICIENT_STOCK");
  },
  "error-code-swapped": async ({ broken, right }) => {
    const pet = await petWithStock(right, 1);
    expect((await broken("POST", "/store/orders", { petId: pet, quantity: 5 })).body.code).toBe("PET_NOT_AVAILABLE");
    expect((await right("POST", "/store/orders", { petId: pet, quantity: 5 })).body.code).toBe("INSUFFICIENT_STOCK");
  },
};

describe("broken backends", () => {
  const started: RunningBrokenBackend[] = [];
  const sides = new Map<string, Sides>();

  beforeAll(async () => {
    for (const kind of brokenBackendKinds) {
      const backend = await startBrokenBackend(kind);
      started.push(backend);
      sides.set(kind.name, { broken: apiAt(backend.url), right: apiAt(backend.mockUrl), backend });
    }
  });
  afterAll(async () => {
    await Promise.all(started.map((backend) => backend.close()));
  });

  it.each(brokenBackendKinds.map((kind) => [kind.name, kind] as const))(
    "%s breaks its rule and only through the proxy",
    async (name) => {
      const demonstrate = demonstrations[name];
      expect(demonstrate, `broken backend ${name} has no demonstration here`).toBeDefined();
      await demonstrate!(sides.get(name)!);
    },
  );

  it("passes the rest of the traffic as it is, with Location and Link naming the proxy", async () => {
    // A kind whose demonstration changes no state, and whose breakage leaves 2xx answers alone.
    const { broken, backend } = sides.get("www-authenticate-dropped")!;
    const page = await broken("GET", "/pets?limit=5");
    expect([page.status, page.headers.get("x-total-count"), page.list.length]).toEqual([200, "20", 5]);
    expect(page.headers.get("link")).toBe(`<${backend.url}/pets?limit=5&offset=5>; rel="next"`);
    const category = await broken("POST", "/categories", { name: "Axolotls" });
    expect(category.headers.get("location")).toBe(`${backend.url}/categories/${category.body.id}`);
    expect((await broken("GET", "/pets/abc")).body.code).toBe("INVALID_PARAMETER");
    const head = async (url: string) => {
      const response = await fetch(`${url}/pets`, {
        method: "HEAD",
        headers: { authorization: `Bearer ${DEMO_API_KEY}` },
      });
      return [response.status, response.headers.get("x-total-count"), response.headers.get("content-length")];
    };
    expect(await head(backend.url)).toEqual(await head(backend.mockUrl));
  });

  it("names a different rule for each kind", () => {
    const names = brokenBackendKinds.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(8);
  });
});
