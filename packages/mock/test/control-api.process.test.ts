import { controlOperations, route } from "@petstore/contract";
import { checkControlFetchExchange, formatViolation } from "@petstore/contract/checker";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createPetstoreControl,
  createPetstoreStore,
  DEMO_API_KEY,
  MockApiError,
  type Snapshot,
  seed,
} from "../src/index.js";
import { type RunningPetstoreServer, startPetstoreServer } from "../src/node.js";

// The control API through the node:http server and its client, createPetstoreControl: every response the
// client gets is checked against openapi/control.yaml, and a test whose responses break it fails.
let server: RunningPetstoreServer;
const violations: string[] = [];
/** The control operations a checked response answered, to show that every one of them was checked. */
const answered = new Set<string>();

/** The global fetch, checking each control response against openapi/control.yaml. */
const checkingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const response = await fetch(request);
  const found = await checkControlFetchExchange(request, response, new URL(request.url).origin);
  const path = new URL(request.url).pathname;
  const operation = route(request.method, path, controlOperations)?.operation.operationId;
  if (operation) {
    answered.add(`${operation} ${response.status}`);
  }
  violations.push(...found.map(formatViolation));
  return response;
};

const control = () => createPetstoreControl(server.url, { apiKey: DEMO_API_KEY, fetch: checkingFetch });

/** The refusal a control call throws, to compare with what the document promises. */
async function refusal(call: Promise<unknown>): Promise<MockApiError> {
  const error = await call.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, "the call should have been refused").toBeInstanceOf(MockApiError);
  return error as MockApiError;
}

/** Creates a pet through the API, in the session whose headers are given. */
async function createPet(headers: Record<string, string>, name: string) {
  const response = await fetch(`${server.url}/pets`, {
    method: "POST",
    headers: { ...headers, Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" },
    body: JSON.stringify({ name, categoryId: 1 }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number };
}

beforeAll(async () => {
  server = await startPetstoreServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
  // Every operation of openapi/control.yaml was called, and its success checked against the document.
  const successes = controlOperations.map(
    (operation) => `${operation.operationId} ${[...operation.responses.keys()].find((status) => status < 300)}`,
  );
  expect(
    successes.filter((success) => !answered.has(success)),
    "control operations never answered with success",
  ).toEqual([]);
});
afterEach(() => {
  expect(violations.splice(0), "control responses that break openapi/control.yaml").toEqual([]);
});

describe("the control API through createPetstoreControl", () => {
  it("lists the sessions: default, and each one a request named, with its record counts", async () => {
    const session = control().session("list-me");
    await createPet(session.headers, "Listed");
    const sessions = await control().sessions();
    expect(sessions.map((listed) => listed.name)).toContain("default");
    const listed = sessions.find((candidate) => candidate.name === "list-me");
    expect(listed?.records).toEqual({ categories: 6, pets: 21, orders: expect.any(Number) });
  });

  it("resets a session to the start data, to a seed's demo data, or to no records", async () => {
    const session = control().session("reset-me");
    await session.reset();
    const start = await session.state();
    await createPet(session.headers, "Gone after reset");
    expect((await session.reset()).records.pets).toBe(start.pets.length);
    expect(await session.state()).toEqual(start);
    expect((await session.reset({ seed: 3 })).records).toMatchObject({ categories: 6, pets: 3 });
    expect((await session.state()).pets.map((pet) => pet.id)).toEqual([1, 2, 3]);
    expect((await session.reset({ empty: true })).records).toEqual({ categories: 0, pets: 0, orders: 0 });
  });

  it("reads a session's state and restores it into another, identical", async () => {
    const source = control().session("source");
    await source.reset({ seed: 4 });
    await createPet(source.headers, "Only in the snapshot");
    const snapshot = await source.state();
    expect(snapshot).toMatchObject({ format: "petstore-snapshot", version: 1 });
    const copy = control().session("copy");
    const summary = await copy.restore(snapshot);
    expect(summary).toMatchObject({ name: "copy", records: { pets: 5 } });
    expect(await copy.state()).toEqual(snapshot);
    // The next id goes on where the snapshot says, in the copy as in the source.
    expect((await createPet(copy.headers, "Next")).id).toBe(snapshot.nextIds?.pets);
  });

  it("refuses an invalid snapshot with 400 naming its first problem, and changes nothing", async () => {
    const session = control().session("keep-me");
    await session.reset({ seed: 5 });
    const before = await session.state();
    const broken: Snapshot = structuredClone(before);
    broken.pets[3]!.categoryId = 99;
    broken.pets[4]!.name = "";
    const error = await refusal(session.restore(broken));
    expect(error).toMatchObject({ status: 400, code: "INVALID_FIELD" });
    // The schema is checked before the rules between records: the empty name is the first problem.
    expect(error.message).toMatch(/^pets\[4\]\.name /);
    broken.pets[4]!.name = before.pets[4]!.name;
    const rule = await refusal(session.restore(broken));
    expect(rule.message).toBe("pets[3].categoryId: category 99 does not exist");
    expect(await session.state()).toEqual(before);
  });

  it("changes records of several tables as one change, and refuses half of one naming the rule and record", async () => {
    const session = control().session("changes");
    await session.reset({ seed: 2 });
    const pet = { id: 3, name: "Added", categoryId: 1, status: "available" as const };
    const half = await refusal(session.change([{ table: "pets", put: pet }]));
    expect(half).toMatchObject({ status: 400, code: "INVALID_FIELD" });
    expect(half.message).toBe("changes[0]: pets[2]: pet 3 has no inventory entry; every pet has one");
    const added = await session.change([
      { table: "pets", put: pet },
      { table: "inventory", put: { petId: 3, quantity: 0, status: "available" } },
    ]);
    expect(added).toMatchObject({ name: "changes", records: { pets: 3 } });
    await session.change([
      { table: "pets", delete: 3 },
      { table: "inventory", delete: 3 },
    ]);
    expect((await session.state()).pets.map(({ id }) => id)).toEqual([1, 2]);
  });

  it("deletes a session; reading or deleting it again is 404 NOT_FOUND", async () => {
    const session = control().session("delete-me");
    await createPet(session.headers, "Doomed");
    await session.delete();
    expect((await control().sessions()).map((listed) => listed.name)).not.toContain("delete-me");
    expect(await refusal(session.state())).toMatchObject({ status: 404, code: "NOT_FOUND" });
    expect(await refusal(session.delete())).toMatchObject({ status: 404, code: "NOT_FOUND" });
  });

  it("answers a malformed session name with 400 INVALID_PARAMETER naming the parameter", async () => {
    const error = await refusal(control().session("not a name").state());
    expect(error).toMatchObject({ status: 400, code: "INVALID_PARAMETER" });
    expect(error.message).toContain("path parameter name");
  });

  it("chooses, lists and clears a session's outcomes and latency, each answer as control.yaml describes it", async () => {
    const outcomes = control().session("outcomes").outcomes;
    await outcomes.choose("listPets", { status: 503 });
    await outcomes.setLatency(1);
    expect(await outcomes.list()).toEqual({
      latencyMs: 1,
      outcomes: [{ operationId: "listPets", status: 503, code: "SERVICE_UNAVAILABLE", times: "once" }],
    });
    await outcomes.clear("listPets");
    await outcomes.clear();
    expect(await outcomes.list()).toEqual({ latencyMs: 0, outcomes: [] });
    const error = await refusal(outcomes.choose("listPets", { status: 409 }));
    expect(error).toMatchObject({ status: 400, code: "INVALID_FIELD" });
    expect(error.message).toMatch(/^body\.status: listPets does not document status 409; it documents 400, 401, /);
    await control().session("outcomes").delete();
  });

  it("answers a wrong key with 401 UNAUTHORIZED", async () => {
    const stranger = createPetstoreControl(server.url, { apiKey: "not-a-key", fetch: checkingFetch });
    expect(await refusal(stranger.sessions())).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("answers an unknown control path with 404 ROUTE_NOT_FOUND, and another method with 405", async () => {
    const headers = { Authorization: `Bearer ${DEMO_API_KEY}` };
    const unknown = await checkingFetch(`${server.url}/__petstore/sessionz`, { headers });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
    const wrongMethod = await checkingFetch(`${server.url}/__petstore/sessions`, { method: "POST", headers });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });
});

describe("the control API within the mock's bounds", () => {
  let bounded: RunningPetstoreServer;
  beforeAll(async () => {
    const store = createPetstoreStore({ limits: { maxPets: 5 } });
    await seed(store, { pets: 3 });
    bounded = await startPetstoreServer({ port: 0, store, sessionLimits: { maxSessions: 2 } });
  });
  afterAll(() => bounded.close());
  const boundedControl = () => createPetstoreControl(bounded.url, { apiKey: DEMO_API_KEY, fetch: checkingFetch });

  it("refuses a session past the maximum with 507 MOCK_LIMIT_REACHED, from reset and restore, creating nothing", async () => {
    const snapshot = await boundedControl().session("default").state();
    await boundedControl().session("first").reset();
    const viaReset = await refusal(boundedControl().session("second").reset());
    expect(viaReset).toMatchObject({ status: 507, code: "MOCK_LIMIT_REACHED" });
    expect(viaReset.message).toContain("maxSessions");
    const viaRestore = await refusal(boundedControl().session("second").restore(snapshot));
    expect(viaRestore).toMatchObject({ status: 507, code: "MOCK_LIMIT_REACHED" });
    expect((await boundedControl().sessions()).map((listed) => listed.name)).toEqual(["default", "first"]);
  });

  it("refuses an outcome for a new session past the maximum with 507 MOCK_LIMIT_REACHED, keeping none", async () => {
    const error = await refusal(boundedControl().session("third").outcomes.choose("listPets", { status: 503 }));
    expect(error).toMatchObject({ status: 507, code: "MOCK_LIMIT_REACHED" });
    expect(await boundedControl().session("third").outcomes.list()).toEqual({ latencyMs: 0, outcomes: [] });
  });

  it("refuses a seed of more pets than the store holds with 507 STORAGE_FULL, and changes nothing", async () => {
    const before = await boundedControl().session("default").state();
    const error = await refusal(boundedControl().session("default").reset({ seed: 6 }));
    expect(error).toMatchObject({ status: 507, code: "STORAGE_FULL" });
    expect(error.message).toBe("seed: 6 pets do not fit the store, which holds at most 5");
    expect(await boundedControl().session("default").state()).toEqual(before);
  });

  it("refuses a snapshot of more pets than the store holds with 507 STORAGE_FULL", async () => {
    const snapshot = await boundedControl().session("default").state();
    for (let id = 4; id <= 6; id++) {
      snapshot.pets.push({ id, name: `Extra ${id}`, categoryId: 1, status: "available" });
      snapshot.inventory.push({ petId: id, quantity: 1, status: "available" });
    }
    delete snapshot.nextIds;
    const error = await refusal(boundedControl().session("default").restore(snapshot));
    expect(error).toMatchObject({ status: 507, code: "STORAGE_FULL" });
    expect(error.message).toContain("above the store's maximum of 5");
  });
});
