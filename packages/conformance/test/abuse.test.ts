// Abuse: what a hostile or broken client can send. Goes further than the mock's own
// test/http.test.ts: slow multi-megabyte uploads, nesting of every shape, prototype keys in every
// place, numbers beyond int64, invalid UTF-8 everywhere, requests that never finish, and memory
// after 10,000 requests against the standalone server.
import { setTimeout as sleep } from "node:timers/promises";
import { at, idMaximum, operations, pageSize, sampleRequests } from "@petstore/contract";
import { type MemoryUsage, type RunningCli, startCli } from "@petstore/testing/cli";
import type { ApiRequest, ApiResponse, Target } from "@petstore/verify/model";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authorization, rawRequest } from "../src/abuse/raw-http.js";
import { countRequests } from "../src/stats.js";
import { httpTarget, inMemoryTarget, remoteTarget } from "../src/targets/mocks.js";

const MB = 1024 * 1024;
const formatBytes = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const delta = (before: MemoryUsage, after: MemoryUsage) =>
  `heapUsed ${formatBytes(before.heapUsed)} → ${formatBytes(after.heapUsed)}, rss ${formatBytes(before.rss)} → ${formatBytes(after.rss)}`;

/** The operations that take a body, with a URL that reaches them. */
const bodyOperations = operations
  .filter((operation) => operation.body)
  .map((operation) => ({ operation, url: operation.path.replace(/\{[^}]+\}/, "1") }));

const postJson = (target: Target, method: string, url: string, body: string | Uint8Array): Promise<ApiResponse> =>
  target.send({ method, url, headers: { "Content-Type": "application/json" }, body });

/** The response is a documented Error with this status and one of these codes. */
function expectError(response: ApiResponse, status: number, ...codes: string[]) {
  expect(response.violations).toEqual([]);
  expect({ status: response.status, code: (response.json as { code?: string })?.code }).toEqual({
    status,
    code: expect.toBeOneOf(codes),
  });
}

let cli: RunningCli;
let standalone: Target;
let inMemory: Target;
let inProcessHttp: Target;

beforeAll(async () => {
  cli = await startCli([], { memoryProbe: true });
  standalone = remoteTarget(cli.url);
  inMemory = await inMemoryTarget();
  inProcessHttp = await httpTarget();
});

afterAll(async () => {
  await inProcessHttp?.close();
  expect(await cli?.stop()).toEqual({ code: 0, signal: null });
});

describe("bodies over the limit", () => {
  it("refuses three slow 10 MB uploads with 413 before they are read whole, and the server's memory stays flat", async () => {
    const before = await cli.memory();
    const port = Number(new URL(cli.url).port);
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const upload = () => {
      let sent = 0;
      let sentWhenAnswered = -1;
      const response = rawRequest(
        port,
        `POST /pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`,
        {
          waitMs: 20_000,
          body: async (socket, answered) => {
            // 10 MB in 64 KiB chunks, one every 10 ms: 1.6 s if the server read it all.
            while (sent < 10 * MB && !socket.destroyed) {
              if (answered()) {
                sentWhenAnswered = sent;
                break;
              }
              socket.write(`${chunk.length.toString(16)}\r\n`);
              socket.write(chunk);
              socket.write("\r\n");
              sent += chunk.length;
              await sleep(10);
            }
            if (sentWhenAnswered < 0) {
              sentWhenAnswered = sent;
            }
          },
        },
      );
      return response.then((result) => ({ ...result, sent: () => sentWhenAnswered }));
    };
    const results = await Promise.all([upload(), upload(), upload()]);
    for (const result of results) {
      expect(result.status).toBe(413);
      expect(JSON.parse(result.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE", status: 413 });
      // Bytes, not milliseconds: the proof that the body was not read whole holds on a loaded machine too.
      expect(result.sent()).toBeLessThan(1 * MB);
    }
    // A declared Content-Length over the limit is refused before any of the body is sent.
    const declared = await rawRequest(
      port,
      `PUT /pets/1 HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization}Content-Type: application/json\r\nContent-Length: ${10 * MB}\r\n\r\n`,
    );
    expect([declared.status, JSON.parse(declared.body).code]).toEqual([413, "PAYLOAD_TOO_LARGE"]);
    const after = await cli.memory();
    console.log(
      `[abuse] 3 × 10 MB slow uploads: 413 after ${results.map((result) => `${(result.sent() / 1024).toFixed(0)} KiB / ${result.firstByteMs.toFixed(0)} ms`).join(", ")}; server ${delta(before, after)}`,
    );
    expect(after.heapUsed - before.heapUsed).toBeLessThan(8 * MB);
    expect(after.rss - before.rss).toBeLessThan(64 * MB);
    expect((await standalone.send({ method: "GET", url: "/pets/1" })).status).toBe(200);
  });
});

describe("deeply nested JSON", () => {
  /** A valid body of each operation (its sample, from the document's examples); the first field is the one replaced by a deep value. */
  const validBodies: Record<string, Record<string, unknown>> = Object.fromEntries(
    bodyOperations.map(({ operation }) => [
      operation.operationId,
      sampleRequests.get(operation.operationId)!.body as Record<string, unknown>,
    ]),
  );
  const withFirstField = (operationId: string, raw: string) => {
    const [first, ...rest] = Object.entries(validBodies[operationId]!);
    if (!first) {
      throw new Error(`no sample body for ${operationId}`);
    }
    return `{${[`"${first[0]}":${raw}`, ...rest.map(([key, value]) => `"${key}":${JSON.stringify(value)}`)].join(",")}}`;
  };
  const deepObject = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
  const deepArray = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
  const shapes: [string, (operationId: string) => string, number, string[]][] = [
    ["arrays 30,000 deep at the top", () => `${"[".repeat(30_000)}${"]".repeat(30_000)}`, 400, ["INVALID_BODY"]],
    ["64 KiB of unclosed brackets", () => "[".repeat(65_536), 400, ["INVALID_JSON"]],
    [
      "objects 10,000 deep in a known field",
      (operationId) => withFirstField(operationId, deepObject),
      400,
      ["INVALID_FIELD"],
    ],
    [
      "arrays 20,000 deep in a known field",
      (operationId) => withFirstField(operationId, deepArray),
      400,
      ["INVALID_FIELD"],
    ],
    [
      "objects 10,000 deep in an unknown field",
      (operationId) => `${JSON.stringify(validBodies[operationId]).slice(0, -1)},"deep":${deepObject}}`,
      400,
      ["UNKNOWN_FIELD"],
    ],
    [
      "arrays 20,000 deep in __proto__",
      (operationId) => `${JSON.stringify(validBodies[operationId]).slice(0, -1)},"__proto__":${deepArray}}`,
      400,
      ["UNKNOWN_FIELD"],
    ],
  ];
  for (const [name, body, status, codes] of shapes) {
    it(`refuses ${name} on every operation that takes a body, quickly, through every kind of server`, async () => {
      for (const target of [inMemory, inProcessHttp, standalone]) {
        for (const { operation, url } of bodyOperations) {
          const started = performance.now();
          const response = await postJson(target, operation.method, url, body(operation.operationId));
          expectError(response, status, ...codes);
          expect(performance.now() - started).toBeLessThan(2_000);
        }
      }
    });
  }
});

describe("prototype keys", () => {
  const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort();
  const cleanBefore = prototypeNames();

  it("refuses __proto__, constructor and prototype as fields, query parameters and ids, and pollutes nothing", async () => {
    for (const target of [inMemory, inProcessHttp, standalone]) {
      for (const key of ["__proto__", "constructor", "prototype"]) {
        const payload = `{"name":"Rex","categoryId":1,"${key}":{"polluted":true,"status":"sold","prototype":{"polluted":true}}}`;
        expectError(await postJson(target, "POST", "/pets", payload), 400, "UNKNOWN_FIELD");
        expectError(await postJson(target, "PATCH", "/pets/1", `{"${key}":{"status":"sold"}}`), 400, "UNKNOWN_FIELD");
        expectError(
          await postJson(target, "POST", "/store/orders", `{"petId":1,"quantity":1,"${key}":{"complete":true}}`),
          400,
          "UNKNOWN_FIELD",
        );
        expectError(await target.send({ method: "GET", url: `/pets?${key}=1` }), 400, "UNKNOWN_PARAMETER");
        expectError(
          await target.send({ method: "GET", url: `/pets?${key}[polluted]=1&${key}.polluted=1` }),
          400,
          "UNKNOWN_PARAMETER",
        );
        expectError(await target.send({ method: "GET", url: `/pets/${key}` }), 400, "INVALID_PARAMETER");
        expectError(await target.send({ method: "GET", url: `/store/inventory/${key}` }), 400, "INVALID_PARAMETER");
      }
      // Nothing leaked into defaults: a pet created without a status is available.
      const created = await postJson(target, "POST", "/pets", '{"name":"Plain","categoryId":1}');
      expect([created.status, (created.json as { status: string }).status]).toEqual([201, "available"]);
    }
    expect(prototypeNames()).toEqual(cleanBefore);
    const probe = {} as Record<string, unknown>;
    expect([probe.polluted, probe.status, probe.complete]).toEqual([undefined, undefined, undefined]);
  });

  it("treats __proto__, constructor and toString as ordinary names of categories and pets", async () => {
    for (const target of [inMemory, inProcessHttp, standalone]) {
      for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf"]) {
        const category = await postJson(target, "POST", "/categories", JSON.stringify({ name }));
        expect(category.status).toBe(201);
        expectError(
          await postJson(target, "POST", "/categories", JSON.stringify({ name: name.toUpperCase() })),
          409,
          "DUPLICATE_NAME",
        );
        const categoryId = (category.json as { id: number }).id;
        const pet = await postJson(target, "POST", "/pets", JSON.stringify({ name, categoryId }));
        expect(pet.status).toBe(201);
        const found = await target.send({
          method: "GET",
          url: `/pets?name=${encodeURIComponent(name)}&categoryId=${categoryId}`,
        });
        expect([found.status, (found.json as { name: string }[]).map((item) => item.name)]).toEqual([200, [name]]);
        expectError(await target.send({ method: "DELETE", url: `/categories/${categoryId}` }), 409, "CATEGORY_IN_USE");
      }
    }
    expect(prototypeNames()).toEqual(cleanBefore);
  });
});

describe("numbers beyond int64", () => {
  const huge = [
    "9223372036854775807",
    "9223372036854775808",
    "18446744073709551616",
    "1e400",
    "-9223372036854775809",
    String(idMaximum + 1),
    "0.0000001",
  ];

  const offsetMaximum = at("#/components/parameters/Offset/schema/maximum");

  it("refuses them in paths and queries with 400 INVALID_PARAMETER", async () => {
    for (const target of [inMemory, standalone]) {
      for (const value of huge) {
        expectError(await target.send({ method: "GET", url: `/pets/${value}` }), 400, "INVALID_PARAMETER");
        expectError(
          await target.send({ method: "GET", url: `/store/orders?petId=${value}` }),
          400,
          "INVALID_PARAMETER",
        );
        expectError(await target.send({ method: "GET", url: `/pets?offset=${value}` }), 400, "INVALID_PARAMETER");
        expectError(await target.send({ method: "GET", url: `/pets?id=1&id=${value}` }), 400, "INVALID_PARAMETER");
      }
      // The largest id the document allows is a valid id that does not exist.
      expectError(await target.send({ method: "GET", url: `/pets/${idMaximum}` }), 404, "NOT_FOUND");
      const lastPage = await target.send({ method: "GET", url: `/pets?offset=${offsetMaximum}` });
      expect([lastPage.status, lastPage.json, lastPage.violations]).toEqual([200, [], []]);
    }
  });

  it("refuses them in bodies with 400 INVALID_FIELD, whatever JSON.parse makes of them", async () => {
    for (const target of [inMemory, standalone]) {
      for (const literal of [
        "9223372036854775808",
        "1e400",
        "-1e400",
        "18446744073709551616",
        "9007199254740993",
        "1e21",
        "-0",
        "1.5",
      ]) {
        expectError(
          await postJson(target, "POST", "/store/orders", `{"petId":1,"quantity":${literal}}`),
          400,
          "INVALID_FIELD",
        );
        expectError(
          await postJson(target, "POST", "/store/orders", `{"petId":${literal},"quantity":1}`),
          400,
          "INVALID_FIELD",
        );
        if (literal !== "-0") {
          // -0 is a stock of 0; every other literal is out of bounds or not an integer.
          expectError(
            await postJson(target, "PUT", "/store/inventory/1", `{"quantity":${literal}}`),
            400,
            "INVALID_FIELD",
          );
        }
        expectError(await postJson(target, "PATCH", "/pets/1", `{"categoryId":${literal}}`), 400, "INVALID_FIELD");
      }
      // Same numbers, other spellings: JSON says 1.0, 1e0 and 10E-1 are the integer 1.
      for (const literal of ["1.0", "1e0", "10E-1"]) {
        const response = await postJson(target, "PUT", "/store/inventory/2", `{"quantity":${literal}}`);
        expect([response.status, (response.json as { quantity: number }).quantity]).toEqual([200, 1]);
      }
    }
  });
});

describe("invalid UTF-8", () => {
  const sequences: [string, number[]][] = [
    ["overlong /", [0xc0, 0xaf]],
    ["overlong NUL", [0xc0, 0x80]],
    ["UTF-16 surrogate halves (CESU-8)", [0xed, 0xa0, 0x80, 0xed, 0xb0, 0x80]],
    ["beyond U+10FFFF", [0xf4, 0x90, 0x80, 0x80]],
    ["bytes F5..FF", [0xf5, 0xfe, 0xff]],
    ["a lone continuation byte", [0x80]],
    ["a truncated sequence", [0xe2, 0x82]],
  ];
  const encode = (text: string) => [...new TextEncoder().encode(text)];

  it("is refused with 400 INVALID_JSON in values, keys and after the body, by every operation with a body", async () => {
    for (const target of [inMemory, standalone]) {
      for (const [, bytes] of sequences) {
        for (const { operation, url } of bodyOperations) {
          const inValue = [...encode('{"name":"R'), ...bytes, ...encode('x","categoryId":1}')];
          const inKey = [...encode('{"na'), ...bytes, ...encode('me":"Rex"}')];
          const trailing = [...encode('{"quantity":1}'), ...bytes];
          for (const body of [inValue, inKey, trailing]) {
            expectError(await postJson(target, operation.method, url, new Uint8Array(body)), 400, "INVALID_JSON");
          }
        }
      }
    }
  });

  it("never breaks a response elsewhere: a BOM, replacement characters in queries, bytes in headers", async () => {
    for (const target of [inMemory, standalone]) {
      const bom = await postJson(
        target,
        "POST",
        "/categories",
        new Uint8Array([0xef, 0xbb, 0xbf, ...encode('{"name":"Bom"}')]),
      );
      expect(bom.violations).toEqual([]);
      expect([201, 400]).toContain(bom.status);
      const query = await target.send({ method: "GET", url: "/pets?name=%FF%FE" });
      expect([query.status, query.violations]).toEqual([200, []]);
      expectError(await target.send({ method: "GET", url: "/pets/%C0%AF" }), 400, "INVALID_PARAMETER");
      expectError(await target.send({ method: "GET", url: "/pets/%ED%A0%80" }), 400, "INVALID_PARAMETER");
    }
    const port = Number(new URL(cli.url).port);
    const badKey = await rawRequest(
      port,
      Buffer.concat([
        Buffer.from("GET /pets/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer "),
        Buffer.from([0xff, 0xc0, 0xaf]),
        Buffer.from("\r\n\r\n"),
      ]),
    );
    expect([badKey.status, JSON.parse(badKey.body).code, badKey.headers["www-authenticate"]]).toEqual([
      401,
      "UNAUTHORIZED",
      at("#/components/headers/WWW-Authenticate/schema/enum/0"),
    ]);
    const badPrefer = await rawRequest(
      port,
      Buffer.concat([
        Buffer.from(`GET /pets/1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${authorization}Prefer: code=`),
        Buffer.from([0xff]),
        Buffer.from("\r\n\r\n"),
      ]),
    );
    expect([badPrefer.status, JSON.parse(badPrefer.body).code]).toEqual([400, "INVALID_PARAMETER"]);
  });
});

describe("requests that never finish", () => {
  it("are timed out without blocking anyone else", async () => {
    const server = await httpTarget({ requestTimeoutMs: 1_000 });
    try {
      const port = Number(new URL(server.baseUrl).port);
      const stalled = [
        // Headers done, body promised but never sent in full.
        ...Array.from({ length: 8 }, () =>
          rawRequest(
            port,
            `POST /pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization}Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"na`,
            { waitMs: 40_000 },
          ),
        ),
        // Headers never finished.
        ...Array.from({ length: 4 }, () =>
          rawRequest(port, `GET /pets HTTP/1.1\r\nHost: 127.0.0.1\r\n${authorization}X-Slow: `, { waitMs: 40_000 }),
        ),
      ];
      const started = performance.now();
      const served = await Promise.all(
        Array.from({ length: 200 }, (_, index) => server.send({ method: "GET", url: `/pets/${1 + (index % 8)}` })),
      );
      const servedMs = performance.now() - started;
      expect(served.map((response) => response.status)).toEqual(Array(200).fill(200));
      // Blocked requests would wait for the stalled ones (40 s); this bound is about liveness, not speed.
      expect(servedMs).toBeLessThan(20_000);
      const closed = await Promise.all(stalled);
      console.log(
        `[abuse] 12 stalled connections closed after ${closed.map((result) => result.closedMs.toFixed(0)).join(", ")} ms; 200 requests served meanwhile in ${servedMs.toFixed(0)} ms`,
      );
      for (const result of closed) {
        expect(result.closedMs).toBeLessThan(10_000);
      }
    } finally {
      await server.close();
    }
  });
});

describe("10,000 requests against the standalone server", () => {
  it("leave its memory bounded", async () => {
    const requests: ((index: number) => ApiRequest)[] = [
      (i) => ({ method: "GET", url: `/pets?limit=${1 + (i % pageSize.maximum)}&offset=${i % 7}` }),
      (i) => ({ method: "GET", url: `/pets/${1 + (i % 20)}` }),
      (i) => ({ method: "GET", url: `/store/inventory?status=available&limit=${1 + (i % 50)}` }),
      () => ({ method: "GET", url: "/pets/abc" }),
      () => ({ method: "GET", url: "/owners" }),
      () => ({ method: "GET", url: "/pets", key: null }),
      (i) => ({
        method: "POST",
        url: "/pets",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Temp ${i}`, categoryId: 6, colour: "x" }),
      }),
      (i) => ({
        method: "PATCH",
        url: "/store/orders/1",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ shipDate: new Date(Date.UTC(2027, 0, 1 + (i % 300))).toISOString() }),
      }),
      () => ({
        method: "PUT",
        url: "/store/inventory/2",
        headers: { "Content-Type": "application/json" },
        body: '{"quantity":7}',
      }),
      () => ({ method: "GET", url: "/categories/1", headers: { Prefer: "code=503" } }),
    ];
    const warmUp = Array.from({ length: 500 }, (_, i) => standalone.send(requests[i % requests.length]!(i)));
    await Promise.all(warmUp);
    const before = await cli.memory();
    const started = performance.now();
    let next = 0;
    let statuses = new Map<number, number>();
    const worker = async () => {
      while (next < 10_000) {
        const index = next++;
        const response = await standalone.send(requests[index % requests.length]!(index));
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.violations).toEqual([]);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const seconds = (performance.now() - started) / 1000;
    const after = await cli.memory();
    statuses = new Map([...statuses].sort(([a], [b]) => a - b));
    console.log(
      `[abuse] 10,000 requests (16 at a time) in ${seconds.toFixed(1)} s: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(" ")}; server ${delta(before, after)}`,
    );
    expect(after.heapUsed - before.heapUsed).toBeLessThan(24 * MB);
    expect(after.rss - before.rss).toBeLessThan(150 * MB);
    countRequests(0);
  });
});
