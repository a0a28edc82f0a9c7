import { describe, expect, it } from "vitest";
import { createPetstoreFetchHandler } from "../src/index.js";
import { controlMock } from "./support/control-mock.js";

// The session's outcomes over the control API (openapi/control.yaml, tag Outcomes): chosen per session, checked by
// the one check `app.scenarios` uses, a 400 naming what the document allows for anything else.
const mock = controlMock;

describe("outcomes over the control API", () => {
  it("answers the next listPets of one session with 503, and only that session's", async () => {
    const { send, post } = mock();
    const chosen = await post("/__petstore/sessions/alice/outcomes", { operationId: "listPets", status: 503 });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({
      latencyMs: 0,
      outcomes: [{ operationId: "listPets", status: 503, code: "SERVICE_UNAVAILABLE", times: "once" }],
    });
    expect((await send("/pets", { headers: { "X-Petstore-Session": "bob" } })).status).toBe(200);
    expect((await send("/pets")).status).toBe(200);
    const refused = await send("/pets", { headers: { "X-Petstore-Session": "alice" } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect(await refused.json()).toEqual({
      code: "SERVICE_UNAVAILABLE",
      status: 503,
      message: "simulated 503 SERVICE_UNAVAILABLE, chosen for listPets for session alice over the control API",
    });
    // Once: used up.
    expect((await send("/pets", { headers: { "X-Petstore-Session": "alice" } })).status).toBe(200);
    expect(await (await send("/__petstore/sessions/alice/outcomes")).json()).toEqual({ latencyMs: 0, outcomes: [] });
  });

  it("keeps an `always` outcome until cleared, one operation or all", async () => {
    const { send, post } = mock();
    await post("/__petstore/sessions/default/outcomes", { operationId: "getPet", status: 404, times: "always" });
    await post("/__petstore/sessions/default/outcomes", { operationId: "listPets", status: 500, times: "always" });
    expect((await send("/pets/1")).status).toBe(404);
    expect((await send("/pets/1")).status).toBe(404);
    expect((await send("/__petstore/sessions/default/outcomes/getPet", { method: "DELETE" })).status).toBe(204);
    expect((await send("/pets/1")).status).toBe(200);
    expect((await send("/pets")).status).toBe(500);
    expect((await send("/__petstore/sessions/default/outcomes", { method: "DELETE" })).status).toBe(204);
    expect((await send("/pets")).status).toBe(200);
  });

  it("sets a session's latency within the document's limit", async () => {
    const { send, post } = mock();
    const set = await post("/__petstore/sessions/slow/latency", { latencyMs: 120 }, "PUT");
    expect(await set.json()).toEqual({ latencyMs: 120, outcomes: [] });
    const started = performance.now();
    expect((await send("/pets", { headers: { "X-Petstore-Session": "slow" } })).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    const fast = performance.now();
    await send("/pets");
    expect(performance.now() - fast).toBeLessThan(100);
  });

  it.each([
    [
      { operationId: "getPets", status: 404 },
      /^body\.operationId: "getPets" is not an operation of the document; its operations are listPets, /,
    ],
    [
      { operationId: "listPets", status: 404 },
      /^body\.status: listPets does not document status 404; it documents 400, 401, 429, 500, 503, 507/,
    ],
    [
      { operationId: "listPets", status: 503, code: "NOT_FOUND" },
      /^body\.code: listPets answers 503 with SERVICE_UNAVAILABLE, not "NOT_FOUND"$/,
    ],
    [{ operationId: "listPets", status: 503, times: "twice" }, /^body\.times: times is "once" or "always"/],
    [{ operationId: "listPets", status: "503" }, /^body\.status: listPets does not document status "503"/],
  ])("refuses %j with a 400 naming what the document allows", async (body, message) => {
    const { send, post } = mock();
    const refused = await post("/__petstore/sessions/alice/outcomes", body);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: "INVALID_FIELD",
      status: 400,
      message: expect.stringMatching(message),
    });
    expect(await (await send("/__petstore/sessions/alice/outcomes")).json()).toEqual({ latencyMs: 0, outcomes: [] });
  });

  it("refuses a body of the wrong shape, an out-of-range latency and an unknown operation in the path", async () => {
    const { send, post } = mock();
    expect(await (await post("/__petstore/sessions/a/outcomes", { status: 503 })).json()).toMatchObject({
      code: "MISSING_FIELD",
      message: "body.operationId is required",
    });
    expect(
      await (await post("/__petstore/sessions/a/outcomes", { operationId: "listPets", status: 503, why: 1 })).json(),
    ).toMatchObject({
      code: "UNKNOWN_FIELD",
    });
    const latency = await post("/__petstore/sessions/a/latency", { latencyMs: 60001 }, "PUT");
    expect(latency.status).toBe(400);
    expect(await latency.json()).toMatchObject({
      code: "INVALID_FIELD",
      message: "body.latencyMs: latency is a whole number of milliseconds from 0 to 60000, not 60001",
    });
    const spelled = await send("/__petstore/sessions/a/outcomes/get-pets", { method: "DELETE" });
    expect((await spelled.json()).message).toMatch(
      /^path parameter operationId: "get-pets" is not an operation of the document; its operations are listPets, /,
    );
    const path = await send("/__petstore/sessions/a/outcomes/getPets", { method: "DELETE" });
    expect(await path.json()).toMatchObject({
      code: "INVALID_PARAMETER",
      status: 400,
      message: expect.stringMatching(/^path parameter operationId: "getPets" is not an operation of the document/),
    });
  });

  it("is authenticated like the rest of the control API", async () => {
    const handle = createPetstoreFetchHandler();
    const refused = await handle(
      new Request("http://127.0.0.1:4010/__petstore/sessions/a/outcomes", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ operationId: "listPets", status: 503 }),
      }),
    );
    expect(refused.status).toBe(401);
  });

  it("the typed client chooses, lists, sets the latency and clears; deleting the session forgets them", async () => {
    const { control, send } = mock();
    const carol = control.session("carol");
    expect(await carol.outcomes.choose("listPets", { status: 503 })).toMatchObject({
      outcomes: [{ operationId: "listPets" }],
    });
    expect((await carol.outcomes.setLatency(5)).latencyMs).toBe(5);
    expect((await carol.outcomes.list()).outcomes).toHaveLength(1);
    await carol.outcomes.clear("listPets");
    expect((await carol.outcomes.list()).outcomes).toEqual([]);
    await carol.outcomes.choose("listPets", { status: 500, times: "always" });
    await carol.delete();
    expect(await carol.outcomes.list()).toEqual({ latencyMs: 0, outcomes: [] });
    expect((await send("/pets", { headers: carol.headers })).status).toBe(200);
    await expect(carol.outcomes.choose("listPets", { status: 404 })).rejects.toMatchObject({
      status: 400,
      code: "INVALID_FIELD",
    });
  });
});
