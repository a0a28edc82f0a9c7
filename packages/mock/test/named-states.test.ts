import { describe, expect, it } from "vitest";
import { checkSnapshot } from "../src/core/control/check-snapshot.js";
import { toSnapshot } from "../src/core/control/snapshot.js";
import {
  contract,
  createPetstoreFetch,
  createPetstoreStore,
  DEMO_API_KEY,
  NAMED_STATES,
  type NamedState,
  namedStateSnapshot,
  operations,
  type Snapshot,
  seed,
} from "../src/index.js";

// The named states (packages/mock/src/core/store/named-states.ts): each a valid snapshot, by the checks
// `PUT …/state` runs, that keeps the promise its doc comment makes, the same for the same name and seed.
const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };
const base = "http://127.0.0.1:4010";
const codePoints = (text: string) => [...text].length;

/** The mock started from a named state, and a request to it. */
async function startedFrom(name: NamedState) {
  const petstoreFetch = createPetstoreFetch({ namedState: name });
  await petstoreFetch.ready;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await petstoreFetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, headers: response.headers, body: await response.json().catch(() => null) };
  };
  return { petstoreFetch, call };
}

describe("named states", () => {
  it.each(NAMED_STATES)("%s is a valid snapshot, by the checks PUT …/state runs, within the store's caps", (name) => {
    for (const seedValue of [1, 7, 4_294_967_295]) {
      const snapshot = namedStateSnapshot(name, { seed: seedValue });
      expect(checkSnapshot(structuredClone(snapshot), contract.limits)).toEqual(snapshot);
    }
  });

  it("demo is what seed() gives for the same seed, byte for byte", async () => {
    for (const seedValue of [1, 7]) {
      const store = createPetstoreStore();
      await seed(store, { seed: seedValue });
      expect(JSON.stringify(namedStateSnapshot("demo", { seed: seedValue }))).toBe(
        JSON.stringify(toSnapshot(store.snapshot())),
      );
    }
    expect(namedStateSnapshot("demo")).toEqual(namedStateSnapshot("demo", { seed: 1 }));
  });

  it("empty holds no records", () => {
    const { categories, pets, orders, inventory } = namedStateSnapshot("empty");
    expect([categories, pets, orders, inventory]).toEqual([[], [], [], []]);
  });

  it("long-text: every name and description at its documented maximum (in code points, as the validators count), in many scripts", async () => {
    const snapshot = namedStateSnapshot("long-text");
    const names = [...snapshot.categories, ...snapshot.pets].map((record) => record.name);
    expect(names.map(codePoints)).toEqual(names.map(() => contract.maxLengths.name));
    const descriptions = snapshot.categories.map((category) => category.description ?? "");
    expect(descriptions.map(codePoints)).toEqual(descriptions.map(() => contract.maxLengths.categoryDescription));
    const all = [...names, ...descriptions].join("\n");
    for (const script of [
      /\p{Script=Arabic}/u,
      /\p{Script=Hebrew}/u,
      /\p{M}/u,
      /\p{Extended_Pictographic}/u,
      /\p{Script=Han}/u,
    ]) {
      expect(all).toMatch(script);
    }
    // More UTF-16 units than code points: a check counting `length` would refuse what the document allows.
    expect(names.some((name) => name.length > contract.maxLengths.name)).toBe(true);
    // The mock's own validators take each name at the maximum, and refuse one code point more.
    const { call } = await startedFrom("long-text");
    for (const name of names) {
      expect((await call("POST", "/pets", { name, categoryId: 1 })).status).toBe(201);
    }
    const tooLong = await call("POST", "/pets", { name: `${names[5]}x`, categoryId: 1 });
    expect([tooLong.status, tooLong.body.code]).toEqual([400, "INVALID_FIELD"]);
  });

  it("sold-out: no pet can be ordered (409 for each), though pets are listed", async () => {
    const { petstoreFetch, call } = await startedFrom("sold-out");
    const pets = petstoreFetch.store.snapshot().pets.records;
    expect(pets.length).toBeGreaterThan(0);
    expect(new Set(pets.map((pet) => pet.status))).toEqual(new Set(["sold", "pending", "available"]));
    for (const pet of pets) {
      const answer = await call("POST", "/store/orders", { petId: pet.id, quantity: 1 });
      expect([pet.id, answer.status, answer.body.code]).toEqual([
        pet.id,
        409,
        pet.status === "available" ? "INSUFFICIENT_STOCK" : "PET_NOT_AVAILABLE",
      ]);
    }
  });

  it("category-in-use: deleting any category answers 409 CATEGORY_IN_USE", async () => {
    const { petstoreFetch, call } = await startedFrom("category-in-use");
    const categories = petstoreFetch.store.snapshot().categories.records;
    expect(categories.map((category) => category.name)).toEqual([
      "Dogs",
      "Cats",
      "Rabbits",
      "Birds",
      "Fish",
      "Reptiles",
    ]);
    for (const category of categories) {
      const answer = await call("DELETE", `/categories/${category.id}`);
      expect([category.id, answer.status, answer.body.code]).toEqual([category.id, 409, "CATEGORY_IN_USE"]);
    }
  });

  it("many: page 40 of the pets exists at the default page size", async () => {
    const limit = operations
      .find((operation) => operation.operationId === "listPets")!
      .queryParameters.find((parameter) => parameter.name === "limit") as { default: number };
    const { call } = await startedFrom("many");
    const page40 = await call("GET", `/pets?offset=${39 * limit.default}`);
    expect(page40.status).toBe(200);
    expect(page40.body).toHaveLength(limit.default);
    expect(Number(page40.headers.get("X-Total-Count"))).toBeGreaterThanOrEqual(40 * limit.default);
    expect(page40.headers.get("Link")).toContain('rel="next"');
  });

  it("busy-orders: many orders, open and complete, on many pets, each open one on an unsold pet", () => {
    const { pets, orders } = namedStateSnapshot("busy-orders");
    const open = orders.filter((order) => !order.complete);
    expect(orders.length).toBeGreaterThanOrEqual(500);
    expect(open.length).toBeGreaterThanOrEqual(100);
    expect(orders.length - open.length).toBeGreaterThanOrEqual(100);
    expect(new Set(orders.map((order) => order.petId)).size).toBeGreaterThanOrEqual(100);
    const sold = new Set(pets.filter((pet) => pet.status === "sold").map((pet) => pet.id));
    expect(open.filter((order) => sold.has(order.petId))).toEqual([]);
    // Varied ship dates: open orders ship after the complete ones.
    expect(new Set(orders.map((order) => order.shipDate)).size).toBeGreaterThan(50);
  });

  it("the same name and seed give the same snapshot; another seed other choices (the size stays)", () => {
    for (const name of NAMED_STATES) {
      expect(JSON.stringify(namedStateSnapshot(name, { seed: 3 }))).toBe(
        JSON.stringify(namedStateSnapshot(name, { seed: 3 })),
      );
      const [one, other] = [namedStateSnapshot(name, { seed: 1 }), namedStateSnapshot(name, { seed: 2 })];
      expect(other.pets.length).toBe(one.pets.length);
      if (name !== "empty") {
        expect(JSON.stringify(other)).not.toBe(JSON.stringify(one));
      }
    }
  });

  it("an unknown name or a bad seed is a TypeError naming the states", () => {
    expect(() => namedStateSnapshot("sold_out" as NamedState)).toThrow(
      new TypeError(
        '"sold_out" is not a named state (did you mean sold-out?); the named states are demo, empty, long-text, sold-out, category-in-use, many, busy-orders',
      ),
    );
    expect(() => namedStateSnapshot("demo", { seed: -1 })).toThrow(
      /namedStateSnapshot\(\): seed must be a whole number from 0 to 4294967295/,
    );
    expect(() => namedStateSnapshot("demo", { seed: 1.5 })).toThrow(TypeError);
  });
});

/** SHA-256 of a snapshot's JSON, in hex, by crypto.subtle (every runtime has it). */
async function snapshotHash(snapshot: Snapshot): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(snapshot)));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

describe("named states' hashes on Node", () => {
  // Pinned: a change to the demo data or a state's records shows here. The runtime suites (Deno, Bun, the Worker)
  // compare the same hashes of what their servers answer (packages/conformance/src/parity/named-states.ts).
  it("are the pinned ones for seeds 1 and 7", async () => {
    const hashes: Record<string, string> = {};
    for (const name of NAMED_STATES) {
      for (const seedValue of [1, 7]) {
        hashes[`${name}@${seedValue}`] = await snapshotHash(namedStateSnapshot(name, { seed: seedValue }));
      }
    }
    expect(hashes).toMatchInlineSnapshot(`
      {
        "busy-orders@1": "06c9d1449647cb1260d7f58f8852dbc559c077ea0d5da3f170d91461b8eda707",
        "busy-orders@7": "ac3ed17e8619247d6d8ae8d4a4cd64fdba7c318be5ae1f3b467d2b54c0b8a85b",
        "category-in-use@1": "d8b185b1940d786491b791d30454ec896142d44a6e31502cd48bd224053c2d45",
        "category-in-use@7": "33a1330d3c17866d615bd9e3eb8da5baa4dac4c8a9783990cdcd93ed8ae43fd1",
        "demo@1": "d4895220b7215a325cacec189857aafa28a85cbb2755a7d1320c4b6d79b74098",
        "demo@7": "cb7f9bd46cf08c195a9213ca3901e88f81334eb1812f606ab7384127b13b1ca0",
        "empty@1": "59593a531c9e5a10af6bf94dd8b18e7c12d9512559725d5ce96cc775edbe48be",
        "empty@7": "59593a531c9e5a10af6bf94dd8b18e7c12d9512559725d5ce96cc775edbe48be",
        "long-text@1": "280cd8687189f0507ac076dbb4afb38dd921494a856d4cbd3069d5d7f1446e01",
        "long-text@7": "56a4e0733f1bc5184c140dae86d45268e0f348d68ccbd95f9df81877992d3283",
        "many@1": "41e955f22140ac2496bbbb5ea85bfaad8f1480b20aac87727dc91f733dd280e5",
        "many@7": "cb68c50326b129deb1aa70f863a78efd119bf5603bfed992eec4020cd9159598",
        "sold-out@1": "e577962d2cfaaafd6296f1e906644f22d5e51e3bf891be51f9982f16dcffb021",
        "sold-out@7": "f81d98a947f2438bad0427784660ed01d00f6f244112f9868b2854cc0d0d23d9",
      }
    `);
  });
});
