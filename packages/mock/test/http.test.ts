import { expect, it } from "vitest";
import { describeEachAdapter, expectError, json } from "./support/adapters.js";

describeEachAdapter("request plumbing", (adapter) => {
  it("answers 401 with WWW-Authenticate for a missing, malformed or unknown key", async () => {
    for (const [headers, message] of [
      [{}, /missing/],
      [{ Authorization: "Basic dXNlcjpwYXNz" }, /form "Bearer <key>"/],
      [{ Authorization: "Bearer" }, /form "Bearer <key>"/],
      [{ Authorization: "Bearer wrong-key" }, /not known/],
    ] as const) {
      const response = await adapter().request("/pets", { key: null, headers });
      expect(response.headers.get("WWW-Authenticate")).toBe('Bearer realm="petstore"');
      await expectError(response, 401, "UNAUTHORIZED", message);
    }
  });

  it("answers an unknown path with a 404 Error, and a known path with another method with a 405", async () => {
    await expectError(await adapter().request("/owners"), 404, "ROUTE_NOT_FOUND", "GET /owners");
    await expectError(
      await adapter().request("/pets", { method: "DELETE" }),
      405,
      "METHOD_NOT_ALLOWED",
      /accepts GET, HEAD, POST/,
    );
  });

  it("refuses a body that is not JSON, not UTF-8, not declared as JSON, or missing", async () => {
    const post = (body: BodyInit | undefined, contentType?: string) =>
      adapter().request("/pets", { method: "POST", body, headers: contentType ? { "Content-Type": contentType } : {} });
    await expectError(await post('{"name": "Rex",', "application/json"), 400, "INVALID_JSON", /not valid JSON/);
    await expectError(
      await post(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]), "application/json"),
      400,
      "INVALID_JSON",
      /UTF-8/,
    );
    await expectError(
      await post('{"name":"Rex","categoryId":1}', "text/plain"),
      400,
      "INVALID_CONTENT_TYPE",
      /text\/plain/,
    );
    await expectError(await post(undefined, "application/json"), 400, "MISSING_BODY");
    const ok = await post('{"name":"Rex","categoryId":1}', "application/json; charset=utf-8");
    expect(ok.status).toBe(201);
  });

  it("refuses a body over 64 KiB with 413 and accepts one at the limit", async () => {
    const over = JSON.stringify({ name: "Rex", categoryId: 1, pad: "x".repeat(65_536) });
    await expectError(
      await adapter().request("/pets", { method: "POST", body: over, headers: { "Content-Type": "application/json" } }),
      413,
      "PAYLOAD_TOO_LARGE",
      /65536 bytes/,
    );
    const base = JSON.stringify({ name: "Rex", categoryId: 1, pad: "" });
    const atLimit = base.replace('"pad":""', `"pad":"${"x".repeat(65_536 - base.length)}"`);
    expect(new TextEncoder().encode(atLimit).byteLength).toBe(65_536);
    const response = await adapter().request("/pets", {
      method: "POST",
      body: atLimit,
      headers: { "Content-Type": "application/json" },
    });
    await expectError(response, 400, "UNKNOWN_FIELD", /body\.pad/);
  });

  it("refuses __proto__ and constructor keys without polluting any prototype", async () => {
    const body = '{"name":"Rex","categoryId":1,"__proto__":{"polluted":true}}';
    const response = await adapter().request("/pets", {
      method: "POST",
      body,
      headers: { "Content-Type": "application/json" },
    });
    await expectError(response, 400, "UNKNOWN_FIELD", /__proto__/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const withConstructor = await adapter().request("/pets/1", {
      method: "PATCH",
      json: { constructor: { prototype: 1 } },
    });
    await expectError(withConstructor, 400, "UNKNOWN_FIELD", /constructor/);
  });

  it("refuses deeply nested JSON with a 400, not a crash", async () => {
    const deep = `{"name":${"[".repeat(20_000)}${"]".repeat(20_000)},"categoryId":1}`;
    const response = await adapter().request("/pets", {
      method: "POST",
      body: deep,
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
  });

  it("answers any documented error status asked for with Prefer: code, and changes nothing", async () => {
    const before = adapter().store.snapshot();
    for (const status of [400, 401, 413, 422, 429, 500, 503]) {
      const response = await adapter().request("/pets", {
        method: "POST",
        json: { name: "Never", categoryId: 1 },
        headers: { Prefer: `code=${status}` },
      });
      const body = await expectError(response, status, status === 401 ? "UNAUTHORIZED" : expect.any(String));
      expect(body.message).toMatch(/simulated/);
      if (status === 429 || status === 503) {
        expect(response.headers.get("Retry-After")).toBe("1");
      }
    }
    expect(adapter().store.snapshot()).toEqual(before);
    const conflict = await adapter().request("/store/orders", {
      method: "POST",
      json: {},
      headers: { Prefer: "code=409" },
    });
    await expectError(conflict, 409, "PET_NOT_AVAILABLE");
  });

  it("refuses a Prefer code the operation does not document, and a malformed Prefer", async () => {
    await expectError(
      await adapter().request("/pets", { headers: { Prefer: "code=418" } }),
      400,
      "INVALID_PARAMETER",
      /418.*listPets/,
    );
    await expectError(await adapter().request("/pets", { headers: { Prefer: "code=409" } }), 400, "INVALID_PARAMETER");
    await expectError(
      await adapter().request("/pets", { headers: { Prefer: "code=abc" } }),
      400,
      "INVALID_PARAMETER",
      "Prefer: code=abc is not an HTTP status; use for example code=503",
    );
    await expectError(
      await adapter().request("/pets", { headers: { Prefer: "delay=60001" } }),
      400,
      "INVALID_PARAMETER",
      /60000/,
    );
  });

  it("delays a response asked for with Prefer: delay", async () => {
    const started = performance.now();
    const response = await adapter().request("/pets/1", { headers: { Prefer: "delay=150, code=503" } });
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    await expectError(response, 503, "SERVICE_UNAVAILABLE");
    expect(await json(await adapter().request("/categories/1", { headers: { Prefer: "delay=1" } }))).toMatchObject({
      id: 1,
    });
  });

  it("gives standard Fetch responses: a body reads once, a clone reads alike, the stream is there", async () => {
    const first = await adapter().request("/pets/1");
    const copy = first.clone();
    expect(first.bodyUsed).toBe(false);
    expect(await first.json()).toMatchObject({ id: 1 });
    expect(first.bodyUsed).toBe(true);
    await expect(first.json()).rejects.toThrow(TypeError);
    await expect(first.text()).rejects.toThrow(TypeError);
    expect(() => first.clone()).toThrow(TypeError);
    expect(JSON.parse(await copy.text())).toMatchObject({ id: 1 });

    // Reading the stream by hand leaves nothing for json(), as with any fetch response.
    const streamed = await adapter().request("/pets/1");
    const bytes = await new Response(streamed.body).arrayBuffer();
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ id: 1 });
    await expect(streamed.json()).rejects.toThrow(TypeError);

    const locked = await adapter().request("/pets/1");
    const reader = locked.body!.getReader();
    await expect(locked.text()).rejects.toThrow(TypeError);
    reader.releaseLock();

    const buffered = await adapter().request("/pets/1");
    expect(JSON.parse(new TextDecoder().decode(await buffered.arrayBuffer()))).toMatchObject({ id: 1 });
    await expect(buffered.json()).rejects.toThrow(TypeError);
  });
});
