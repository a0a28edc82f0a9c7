// petstoreState as msw-storybook-addon runs it: a story's beforeEach, handed the worker as `msw`. Here the
// worker is msw/node's server, which has the same `use()`; the addon's cleanup is its resetHandlers().
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { contract, DEMO_API_KEY, namedStateSnapshot, petstoreState, type StoryMswContext } from "../src/index.js";

const baseUrl = "http://petstore.stories.test";
const msw = setupServer();
const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };

beforeAll(() => msw.listen({ onUnhandledRequest: "error" }));
afterEach(() => msw.resetHandlers());
afterAll(() => msw.close());

const totalPets = async () => (await fetch(`${baseUrl}/pets?limit=1`, { headers })).headers.get("X-Total-Count");

describe("petstoreState, a story's beforeEach", () => {
  it("gives every render of the story a new store: writes of an earlier render are gone", async () => {
    const beforeEach = petstoreState({ baseUrl });
    await beforeEach({ msw });
    const created = await fetch(`${baseUrl}/pets`, {
      method: "POST",
      headers,
      body: JSON.stringify({ name: "Nemo", categoryId: 1 }),
    });
    expect(created.status).toBe(201);
    expect(await totalPets()).toBe("21");

    msw.resetHandlers(); // the addon, when the story is left
    await beforeEach({ msw }); // the story, rendered again
    expect(await totalPets()).toBe("20");
  });

  it("starts from seed() options, or from an empty store with seed: false", async () => {
    await petstoreState({ baseUrl, seed: { pets: 3 } })({ msw });
    expect(await totalPets()).toBe("3");
    msw.resetHandlers();
    await petstoreState({ baseUrl, seed: false })({ msw });
    expect(await totalPets()).toBe("0");
    expect(await (await fetch(`${baseUrl}/categories`, { headers })).json()).toEqual([]);
  });

  it("applies arrange to the seeded store before the first request", async () => {
    await petstoreState({
      baseUrl,
      arrange(store) {
        const rex = store.pets.get(1);
        if (rex) {
          store.pets.update(rex, { name: "Rex the second" });
        }
      },
    })({ msw });
    expect(await (await fetch(`${baseUrl}/pets/1`, { headers })).json()).toMatchObject({ name: "Rex the second" });
  });

  it("puts typed overrides in front of the mock, which answers everything else", async () => {
    await petstoreState({
      baseUrl,
      overrides: (petstore) => [
        petstore.get("/pets/{petId}", ({ params, reply }) =>
          params.petId === 2 ? reply(404, { code: "NOT_FOUND", message: "pet 2 is gone", status: 404 }) : undefined,
        ),
      ],
    })({ msw });
    expect((await fetch(`${baseUrl}/pets/2`, { headers })).status).toBe(404);
    expect((await fetch(`${baseUrl}/pets/1`, { headers })).status).toBe(200);
  });

  it("answers as `prefer` asks when a request sends no Prefer of its own", async () => {
    await petstoreState({ baseUrl, prefer: "code=503" })({ msw });
    const down = await fetch(`${baseUrl}/pets`, { headers });
    expect(down.status).toBe(503);
    expect(down.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await fetch(`${baseUrl}/pets`, { headers: { ...headers, Prefer: "code=500" } })).status).toBe(500);
  });

  it("answers with the accepted keys it is given", async () => {
    await petstoreState({ baseUrl, apiKeys: ["another-key"] })({ msw });
    expect((await fetch(`${baseUrl}/pets`, { headers })).status).toBe(401);
  });

  it("refuses a prefer that no request could carry, with the mock's own reason", () => {
    const tooLong = contract.limits.preferDelayMaxMs + 1;
    expect(() => petstoreState({ prefer: `delay=${tooLong}` })).toThrow(
      new TypeError(
        `petstoreState(): prefer "delay=${tooLong}" is refused: header Prefer asks for delay=${tooLong}, more than the limit of ${contract.limits.preferDelayMaxMs} ms`,
      ),
    );
  });

  it("refuses a relative baseUrl without an origin where there is no page, when the story file loads", () => {
    expect(() => petstoreState({ baseUrl: "/api" })).toThrow(TypeError);
    expect(() => petstoreState({ baseUrl: "/api", origin: "http://localhost:6006" })).not.toThrow();
  });

  it("says what is missing when the story's context has no msw (the addon is not registered)", async () => {
    const withoutAddon = {} as StoryMswContext; // what a JavaScript story, or a story without the addon, gets
    await expect(petstoreState({ baseUrl })(withoutAddon)).rejects.toThrow(/add "msw-storybook-addon" to the addons/);
  });
});

describe("petstoreState({ namedState })", () => {
  it("starts the story from the state, then arranges it", async () => {
    await petstoreState({
      baseUrl,
      namedState: "sold-out",
      arrange: (store) => void store.pets.update(store.pets.get(1)!, { name: "Arranged" }),
    })({ msw });
    const pets = (await (await fetch(`${baseUrl}/pets?limit=100`, { headers })).json()) as {
      name: string;
      status: string;
    }[];
    expect(pets.map((pet) => pet.name)).toEqual([
      "Arranged",
      ...namedStateSnapshot("sold-out")
        .pets.slice(1)
        .map((pet) => pet.name),
    ]);
    const order = await fetch(`${baseUrl}/store/orders`, {
      method: "POST",
      headers,
      body: JSON.stringify({ petId: 2, quantity: 1 }),
    });
    expect(order.status).toBe(409);
  });

  it("refuses namedState with seed, and an unknown name, when the story is declared", () => {
    expect(() => petstoreState({ namedState: "many", seed: { pets: 3 } })).toThrow(/either namedState or seed/);
    expect(() => petstoreState({ namedState: "sold" as "many" })).toThrow(TypeError);
  });
});
