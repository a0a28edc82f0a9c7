// Selecting a named state on the in-process adapters (`namedState`) and over the control API (`POST …/reset` with `{ namedState, seed }`).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toSnapshot } from "../src/core/control/snapshot.js";
import {
  createPetstoreControl,
  createPetstoreFetch,
  createPetstoreFetchHandler,
  createPetstoreHandlers,
  createPetstoreStore,
  DEMO_API_KEY,
  MockApiError,
  namedStateSnapshot,
} from "../src/index.js";
import { setupPetstoreServer } from "../src/node.js";
import { prepareMock } from "../src/standalone/prepare.js";

const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };
const base = "http://127.0.0.1:4010";
const stateOf = (store: { snapshot(): Parameters<typeof toSnapshot>[0] }) =>
  JSON.stringify(toSnapshot(store.snapshot()));

describe("the namedState option", () => {
  it("createPetstoreFetch starts from the state, and reset() goes back to it", async () => {
    const petstoreFetch = createPetstoreFetch({ namedState: { name: "sold-out", seed: 5 } });
    await petstoreFetch.ready;
    const expected = JSON.stringify(namedStateSnapshot("sold-out", { seed: 5 }));
    expect(stateOf(petstoreFetch.store)).toBe(expected);
    const deleted = await petstoreFetch(`${base}/pets/2`, { method: "DELETE", headers });
    expect(deleted.status).toBe(204);
    await petstoreFetch.store.reset();
    expect(stateOf(petstoreFetch.store)).toBe(expected);
    await petstoreFetch.sessions.reset("default");
    expect(stateOf(petstoreFetch.store)).toBe(expected);
  });

  it("a new session starts from it too", async () => {
    const petstoreFetch = createPetstoreFetch({ namedState: "empty" });
    const pets = await petstoreFetch(`${base}/pets`, { headers: { ...headers, "X-Petstore-Session": "other" } });
    expect(await pets.json()).toEqual([]);
  });

  it("createPetstoreHandlers and setupPetstoreServer (msw) start from it", async () => {
    const handlers = createPetstoreHandlers({ namedState: "category-in-use", baseUrl: "http://handlers.test" });
    await handlers.ready;
    expect(handlers.store.pets.size).toBe(namedStateSnapshot("category-in-use").pets.length);
    const server = setupPetstoreServer({ namedState: "many", baseUrl: "http://petstore.msw.test" });
    server.listen({ onUnhandledRequest: "bypass" });
    try {
      const page = await fetch("http://petstore.msw.test/pets?limit=1", { headers });
      expect(page.headers.get("X-Total-Count")).toBe("2000");
    } finally {
      server.close();
    }
  });

  it("is refused with initialState, store or sessions, and for an unknown name (TypeError)", () => {
    const snapshot = namedStateSnapshot("empty");
    expect(() => createPetstoreFetch({ namedState: "many", initialState: snapshot })).toThrow(
      new TypeError("createPetstoreApp(): give either namedState or initialState, which holds its own start data"),
    );
    expect(() => createPetstoreFetch({ namedState: "many", store: createPetstoreStore() })).toThrow(
      /namedState or store/,
    );
    const sessions = createPetstoreFetch().sessions;
    expect(() => createPetstoreFetch({ namedState: "many", sessions })).toThrow(/namedState or sessions/);
    expect(() => createPetstoreFetch({ namedState: "mnay" as "many" })).toThrow(
      /"mnay" is not a named state \(namedState\) \(did you mean many\?\); the named states are demo, empty/,
    );
    expect(() => createPetstoreFetch({ namedState: { name: "many", seed: -2 } })).toThrow(
      new TypeError("namedState: seed must be a whole number from 0 to 4294967295 (got -2)"),
    );
  });
});

describe("POST /__petstore/sessions/{name}/reset with { namedState, seed }", () => {
  const handle = createPetstoreFetchHandler();
  const control = createPetstoreControl(base, {
    apiKey: DEMO_API_KEY,
    fetch: (input, init) => handle(new Request(input, init)),
  });

  it("puts the state in a new or live session, GET …/state gives it back as namedStateSnapshot does", async () => {
    const session = control.session("named");
    const summary = await session.reset({ namedState: "busy-orders", seed: 9 });
    const expected = namedStateSnapshot("busy-orders", { seed: 9 });
    expect(summary.records).toEqual({
      categories: expected.categories.length,
      pets: expected.pets.length,
      orders: expected.orders.length,
    });
    expect(JSON.stringify(await session.state())).toBe(JSON.stringify(expected));
    await session.reset({ namedState: "long-text" });
    expect(JSON.stringify(await session.state())).toBe(JSON.stringify(namedStateSnapshot("long-text")));
  });

  it("on default, also makes it the start data a reset without a body returns to", async () => {
    const session = control.session("default");
    await session.reset({ namedState: "empty" });
    await session.reset();
    expect((await session.state()).pets).toEqual([]);
    await session.reset({ seed: 20 });
  });

  it("answers 400 naming the states for an unknown name, and for a bad seed or another field", async () => {
    const session = control.session("named");
    const refused = async (body: unknown) => {
      const response = await handle(
        new Request(`${base}/__petstore/sessions/named/reset`, { method: "POST", headers, body: JSON.stringify(body) }),
      );
      return { status: response.status, ...((await response.json()) as { code: string; message: string }) };
    };
    expect(await refused({ namedState: "soldout" })).toMatchObject({
      status: 400,
      code: "INVALID_FIELD",
      message:
        'body.namedState: "soldout" is not a named state (did you mean sold-out?); the named states are demo, empty, long-text, sold-out, category-in-use, many, busy-orders',
    });
    expect(await refused({ namedState: "many", seed: -1 })).toMatchObject({ status: 400, message: /body\.seed/ });
    expect(await refused({ namedState: "many", pets: 3 })).toMatchObject({ status: 400, code: "UNKNOWN_FIELD" });
    await expect(session.reset({ namedState: "nope" as "many" })).rejects.toBeInstanceOf(MockApiError);
  });

  it("answers 507 when the state does not fit the store's caps, and changes nothing", async () => {
    const store = createPetstoreStore({ limits: { maxPets: 100 } });
    const small = createPetstoreFetchHandler({ store });
    const response = await small(
      new Request(`${base}/__petstore/sessions/default/reset`, {
        method: "POST",
        headers,
        body: JSON.stringify({ namedState: "many" }),
      }),
    );
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([507, "STORAGE_FULL"]);
    expect(store.pets.size).toBe(0);
  });
});

describe("namedState with a state file (serveWithDeno's and serveWithBun's `state`)", () => {
  it("a new file starts from the named state; an existing one wins over it", async () => {
    const dir = mkdtempSync(join(tmpdir(), "petstore-named-state-"));
    const path = join(dir, "state.json");
    try {
      const first = await prepareMock({ namedState: "category-in-use", state: path }, "serveWithDeno");
      expect(stateOf(first.app.store)).toBe(JSON.stringify(namedStateSnapshot("category-in-use")));
      await first.app.store.reset();
      expect(first.app.store.pets.size, "reset() goes back to it").toBe(21);
      await first.state!.writer.flush();
      first.state!.writer.stop();
      const saved = JSON.parse(readFileSync(path, "utf8"));
      expect(saved.sessions.default.pets).toHaveLength(21);
      const again = await prepareMock({ namedState: "empty", state: path }, "serveWithDeno");
      expect(again.app.store.pets.size, "the file wins").toBe(21);
      await again.state!.writer.flush();
      again.state!.writer.stop();
      await expect(
        prepareMock({ namedState: "empty", state: path, store: createPetstoreStore() }, "serveWithDeno"),
      ).rejects.toThrow(/either namedState or store/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
