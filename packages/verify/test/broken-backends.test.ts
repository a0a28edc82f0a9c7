// The broken backends of test/support really break their rule: the same request through the proxy
// shows the broken behaviour and straight to the mock behind it shows the right one. Without this,
// a verify run that reports nothing against them would prove nothing. Each demonstration runs over
// HTTP (the proxy of startBrokenBackend) and in process (brokenBackendFetch), which must agree.
import { DEMO_API_KEY } from "@petstore/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Api, type ApiOptions, apiAt } from "./support/api.js";
import {
  type BrokenBackendKind,
  brokenBackendFetch,
  brokenBackendKind,
  brokenBackendKinds,
  startBrokenBackend,
} from "./support/broken-backends.js";

type Send = (url: string, init: RequestInit) => Promise<Response>;

interface Sides {
  /** Through the breakage. */
  broken: Api;
  /** Straight to the mock behind it. */
  right: Api;
  /** The broken backend's base URL, and the fetch that reaches it. */
  url: string;
  send: Send;
  mockUrl: string;
  mockSend: Send;
}

/** A broken backend of `kinds` as a demonstration sees it, and how to let it go. */
type Variant = (...kinds: BrokenBackendKind[]) => Promise<Sides & { close(): Promise<void> }>;

const variants: Record<string, Variant> = {
  "over HTTP": async (...kinds) => {
    const backend = await startBrokenBackend(...kinds);
    const [url, mockUrl] = [backend.url, backend.mockUrl];
    return {
      broken: apiAt(url),
      right: apiAt(mockUrl),
      url,
      mockUrl,
      send: fetch,
      mockSend: fetch,
      close: backend.close,
    };
  },
  "in process": async (...kinds) => {
    const backend = await brokenBackendFetch(...kinds);
    const [url, mockUrl, send, mockSend] = [backend.baseUrl, backend.mockUrl, backend.fetch, backend.mockFetch];
    return {
      broken: apiAt(url, send),
      right: apiAt(mockUrl, mockSend),
      ...{ url, mockUrl, send, mockSend },
      close: async () => undefined,
    };
  },
};

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
  "no-key-accepted": async ({ broken, right }) => {
    expect((await broken("GET", "/pets", undefined, { key: null })).status).toBe(200);
    expect((await broken("GET", "/pets", undefined, { key: "wrong" })).status).toBe(401);
    expect((await broken("GET", "/pets", undefined, { authorization: "Basic Zm9vOmJhcg==" })).status).toBe(401);
    expect((await right("GET", "/pets", undefined, { key: null })).status).toBe(401);
  },
  "empty-bearer-accepted": async ({ broken, right }) => {
    // fetch trims the header to `Bearer`, as an HTTP server reads `Bearer ` anyway.
    expect((await broken("GET", "/pets", undefined, { authorization: "Bearer " })).status).toBe(200);
    expect((await broken("GET", "/pets", undefined, { key: null })).status).toBe(401);
    expect((await broken("GET", "/pets", undefined, { key: "wrong" })).status).toBe(401);
    expect((await right("GET", "/pets", undefined, { authorization: "Bearer " })).status).toBe(401);
  },
  "wrong-scheme-accepted": async ({ broken, right }) => {
    const schemes = ["Basic Zm9vOmJhcg==", "Basic anything", `Token ${DEMO_API_KEY}`, `token ${DEMO_API_KEY}`];
    for (const authorization of schemes) {
      expect([authorization, (await broken("GET", "/pets", undefined, { authorization })).status]).toEqual([
        authorization,
        200,
      ]);
      expect((await right("GET", "/pets", undefined, { authorization })).status).toBe(401);
    }
    expect((await broken("GET", "/pets", undefined, { authorization: "Token wrong" })).status).toBe(401);
    expect((await broken("GET", "/pets", undefined, { key: null })).status).toBe(401);
  },
  "writes-unauthenticated": async ({ broken, right }) => {
    const created = await broken("POST", "/categories", { name: "Capybaras" }, { key: null });
    expect(created.status).toBe(201);
    const path = `/categories/${created.body.id}`;
    expect((await broken("PATCH", path, { name: "Tapirs" }, { key: null })).status).toBe(200);
    expect((await broken("GET", path, undefined, { key: null })).status).toBe(401);
    expect((await broken("DELETE", path, undefined, { key: "wrong" })).status).toBe(401);
    expect((await broken("DELETE", path, undefined, { key: null })).status).toBe(204);
    expect((await right("POST", "/categories", { name: "Capybaras" }, { key: null })).status).toBe(401);
  },
  "paging-skips-record": async ({ broken, right, url, mockUrl }) => {
    const ids = (page: { list: Record<string, unknown>[] }) => page.list.map((pet) => pet.id);
    const [first, firstRight] = [await broken("GET", "/pets?limit=5"), await right("GET", "/pets?limit=5")];
    expect(ids(first)).toEqual(ids(firstRight));
    const [later, laterRight] = [
      await broken("GET", "/pets?offset=5&limit=5"),
      await right("GET", "/pets?offset=5&limit=5"),
    ];
    expect(ids(later)).toEqual(ids(laterRight).slice(1));
    expect(later.headers.get("x-total-count")).toBe(laterRight.headers.get("x-total-count"));
    expect(later.headers.get("link")?.replaceAll(url, mockUrl)).toBe(laterRight.headers.get("link"));
  },
  "cancel-keeps-stock": async ({ broken, right }) => {
    const statusOf = async (petId: number) => (await right("GET", `/pets/${petId}`)).body.status;
    // A pet with stock left after the order: its units do not come back.
    const stocked = await petWithStock(right, 5);
    const order = (await right("POST", "/store/orders", { petId: stocked, quantity: 2 })).body.id;
    expect((await broken("DELETE", `/store/orders/${order}`)).status).toBe(204);
    expect((await right("GET", `/store/orders/${order}`)).status).toBe(404);
    expect([await stockOf(right, stocked), await statusOf(stocked)]).toEqual([3, "available"]);
    // An order of the last units made the pet pending: it stays pending, with no stock.
    const last = await petWithStock(right, 2);
    const lastOrder = (await right("POST", "/store/orders", { petId: last, quantity: 2 })).body.id;
    expect(await statusOf(last)).toBe("pending");
    expect((await broken("DELETE", `/store/orders/${lastOrder}`)).status).toBe(204);
    expect([await stockOf(right, last), await statusOf(last)]).toEqual([0, "pending"]);
    // Straight to the mock, the units come back and the pending pet is available again.
    const again = (await right("POST", "/store/orders", { petId: stocked, quantity: 3 })).body.id;
    expect((await right("DELETE", `/store/orders/${again}`)).status).toBe(204);
    expect([await stockOf(right, stocked), await statusOf(stocked)]).toEqual([3, "available"]);
    const another = await petWithStock(right, 2);
    const anotherOrder = (await right("POST", "/store/orders", { petId: another, quantity: 2 })).body.id;
    expect((await right("DELETE", `/store/orders/${anotherOrder}`)).status).toBe(204);
    expect([await stockOf(right, another), await statusOf(another)]).toEqual([2, "available"]);
    // A complete order is still refused.
    const complete = (await right("GET", "/store/orders?complete=true&limit=1")).list[0]!.id;
    expect((await broken("DELETE", `/store/orders/${complete}`)).body.code).toBe("ORDER_COMPLETE");
  },
  "category-delete-in-use": async ({ broken, right, url }) => {
    const category = (await right("POST", "/categories", { name: "Quokkas" })).body.id as number;
    await right("POST", "/pets", { name: "Quinn", categoryId: category });
    const total = Number((await right("GET", "/categories")).headers.get("x-total-count"));
    expect((await right("DELETE", `/categories/${category}`)).body.code).toBe("CATEGORY_IN_USE");

    expect((await broken("DELETE", `/categories/${category}`)).status).toBe(204);
    // Gone through the broken backend: by id, from the list and its count, and its name is free.
    expect((await broken("GET", `/categories/${category}`)).body).toEqual({
      code: "NOT_FOUND",
      message: `category ${category} does not exist`,
      status: 404,
    });
    expect((await broken("PATCH", `/categories/${category}`, { name: "Wombats" })).status).toBe(404);
    const list = await broken("GET", "/categories?limit=100");
    expect(list.list.map((one) => one.id)).not.toContain(category);
    expect(list.headers.get("x-total-count")).toBe(String(total - 1));
    const lastPage = await broken("GET", `/categories?limit=2&offset=${total - 3}`);
    expect(lastPage.list).toHaveLength(2);
    expect(lastPage.headers.get("link")).toBe(`<${url}/categories?limit=2&offset=${total - 5}>; rel="prev"`);
    const pet = await broken("POST", "/pets", { name: "Quill", categoryId: category });
    expect([pet.status, pet.body.code, pet.body.message]).toEqual([
      422,
      "UNKNOWN_REFERENCE",
      `body.categoryId refers to category ${category}, which does not exist`,
    ]);
    expect((await broken("POST", "/categories", { name: "Quokkas" })).status).toBe(201);
    // Its pets keep its id; straight to the mock, it is still there and still refuses to go.
    expect((await right("GET", `/pets?categoryId=${category}`)).list.map((one) => one.name)).toEqual(["Quinn"]);
    expect((await right("DELETE", `/categories/${category}`)).body.code).toBe("CATEGORY_IN_USE");
  },
};

describe.each(Object.entries(variants))("broken backends %s", (_, start) => {
  const started: (() => Promise<void>)[] = [];
  const sides = new Map<string, Sides>();

  beforeAll(async () => {
    for (const kind of brokenBackendKinds) {
      const backend = await start(kind);
      started.push(backend.close);
      sides.set(kind.name, backend);
    }
  });
  afterAll(async () => {
    await Promise.all(started.map((close) => close()));
  });

  it.each(brokenBackendKinds.map((kind) => [kind.name, kind] as const))(
    "%s breaks its rule and only through the breakage",
    async (name) => {
      const demonstrate = demonstrations[name];
      expect(demonstrate, `broken backend ${name} has no demonstration here`).toBeDefined();
      await demonstrate!(sides.get(name)!);
    },
  );

  it("passes the rest of the traffic as it is, with Location and Link naming the broken backend", async () => {
    // A kind whose demonstration changes no state, and whose breakage leaves 2xx answers alone.
    const { broken, url, send, mockUrl, mockSend } = sides.get("www-authenticate-dropped")!;
    const page = await broken("GET", "/pets?limit=5");
    expect([page.status, page.headers.get("x-total-count"), page.list.length]).toEqual([200, "20", 5]);
    expect(page.headers.get("link")).toBe(`<${url}/pets?limit=5&offset=5>; rel="next"`);
    const category = await broken("POST", "/categories", { name: "Axolotls" });
    expect(category.headers.get("location")).toBe(`${url}/categories/${category.body.id}`);
    expect((await broken("GET", "/pets/abc")).body.code).toBe("INVALID_PARAMETER");
    const head = async (base: string, through: Send) => {
      const response = await through(`${base}/pets`, {
        method: "HEAD",
        headers: { authorization: `Bearer ${DEMO_API_KEY}` },
      });
      return [response.status, response.headers.get("x-total-count"), response.headers.get("content-length")];
    };
    expect(await head(url, send)).toEqual(await head(mockUrl, mockSend));
  });

  it("breaks several rules at once: stock-not-taken, paging-skips-record and no-key-accepted", async () => {
    const kinds = ["stock-not-taken", "paging-skips-record", "no-key-accepted"].map(brokenBackendKind);
    const backend = await start(...kinds);
    started.push(backend.close);
    const { broken, right } = backend;
    // no-key-accepted, and the others' own requests reach the backend for a client without a key.
    const pet = await petWithStock(right, 5);
    expect((await broken("POST", "/store/orders", { petId: pet, quantity: 2 }, { key: null })).status).toBe(201);
    expect((await broken("GET", "/pets", undefined, { key: "wrong" })).status).toBe(401);
    // stock-not-taken
    expect(await stockOf(right, pet)).toBe(5);
    // paging-skips-record
    const ids = async (api: Api) => (await api("GET", "/pets?offset=5&limit=5")).list.map((one) => one.id);
    expect(await ids(broken)).toEqual((await ids(right)).slice(1));
    expect((await broken("GET", "/pets?limit=5", undefined, { key: null })).list).toHaveLength(5);
  });

  it("names a different rule for each kind", () => {
    const names = brokenBackendKinds.map((kind) => kind.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.length).toBeGreaterThanOrEqual(8);
  });
});

/** A request of a demonstration: method, path, JSON body, key. */
type Call = readonly [method: string, path: string, json?: unknown, options?: ApiOptions];

describe("in process and over HTTP, a broken backend answers alike", () => {
  /** The answers to `requests`, with the backend's own URL written as `BASE`. */
  async function answers(sides: Sides, requests: readonly Call[]) {
    const seen: unknown[] = [];
    for (const [method, path, json, options] of requests) {
      const answer = await sides.broken(method, path, json, options);
      const link = answer.headers.get("link")?.replaceAll(sides.url, "BASE");
      const location = answer.headers.get("location")?.replaceAll(sides.url, "BASE");
      seen.push([
        method,
        path,
        answer.status,
        answer.headers.get("x-total-count"),
        link,
        location,
        answer.body,
        answer.list,
      ]);
    }
    return seen;
  }

  it.each([
    [
      "paging-skips-record",
      [
        ["GET", "/pets?limit=3&offset=3"],
        ["GET", "/store/orders?offset=1"],
        ["GET", "/categories?limit=2"],
      ],
    ],
    [
      "no-key-accepted",
      [
        ["GET", "/pets/3", undefined, { key: null }],
        ["POST", "/categories", { name: "Emus" }, { key: null }],
      ],
    ],
    [
      "category-delete-in-use",
      [
        ["DELETE", "/categories/1"],
        ["GET", "/categories/1"],
        ["GET", "/categories?limit=2&offset=2"],
        ["POST", "/categories", { name: "Emus" }],
      ],
    ],
    [
      "cancel-keeps-stock",
      [
        ["DELETE", "/store/orders/1"],
        ["GET", "/store/inventory?limit=100"],
      ],
    ],
  ] satisfies [string, Call[]][])("%s", async (name, requests) => {
    const http = await variants["over HTTP"]!(brokenBackendKind(name));
    try {
      const inProcess = await variants["in process"]!(brokenBackendKind(name));
      expect(await answers(inProcess, requests)).toEqual(await answers(http, requests));
    } finally {
      await http.close();
    }
  });
});
