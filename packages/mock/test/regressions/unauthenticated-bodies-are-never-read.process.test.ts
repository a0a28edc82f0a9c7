import { readFileSync } from "node:fs";
import { request } from "node:http";
import { killStarted, startCli } from "@petstore/testing/cli";
import { afterEach, describe, expect, it } from "vitest";
import { contract, createPetstoreFetchHandler, createPetstoreSessions, DEMO_API_KEY } from "../../src/index.js";

// The bug (issue 35): the servers read a request's body before checking its key. Any path under
// /__petstore/ (unknown ones too) buffered up to the control API's body limit (64 MiB) before answering
// 401; four concurrent unauthenticated 60 MiB text/plain POSTs, which a web page can send without a
// preflight, raised the mock's peak memory by 275-430 MiB. Fix: authentication first (DESIGN.md 1.3):
// a body is read only on a known route with an accepted key (`bodyMatters`); node:http closes the
// connection after answering instead of reading what is left.
afterEach(killStarted);

const MiB = 1024 * 1024;
const chunk = new Uint8Array(64 * 1024).fill(0x61);

/** An endless body that counts the chunks the server asked for (none are made before they are read). */
function endlessBody() {
  const pulled = { chunks: 0 };
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulled.chunks++;
        controller.enqueue(chunk);
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled };
}

const refusedBeforeTheBody: [string, string, Record<string, string>, number][] = [
  ["POST", "/pets", {}, 401],
  ["POST", "/pets", { Authorization: "Bearer not-a-key" }, 401],
  ["PUT", "/__petstore/sessions/default/state", { Authorization: "Basic abc" }, 401],
  ["POST", "/__petstore/unknown", {}, 404],
  ["POST", "/no-such-route", { Authorization: `Bearer ${DEMO_API_KEY}` }, 404],
];

describe("the Fetch handler (Deno, Bun, the Worker) reads no body it does not need", () => {
  const handle = createPetstoreFetchHandler();

  it.each(refusedBeforeTheBody)(
    "%s %s %o is answered %i without reading a byte",
    async (method, path, headers, status) => {
      const { body, pulled } = endlessBody();
      const response = await handle(
        new Request(`http://127.0.0.1:4010${path}`, {
          method,
          headers: { ...headers, "Content-Type": "text/plain" },
          body,
          duplex: "half",
        } as RequestInit),
      );
      expect(response.status).toBe(status);
      expect(((await response.json()) as { status: number }).status).toBe(status);
      expect(pulled.chunks).toBe(0);
    },
  );

  it("creates no session for a request without a key", async () => {
    const sessions = createPetstoreSessions();
    const handleSessions = createPetstoreFetchHandler({ sessions });
    const response = await handleSessions(
      new Request("http://127.0.0.1:4010/pets", {
        method: "POST",
        headers: { "Content-Type": "application/json", [contract.sessionHeader.name]: "never-made" },
        body: JSON.stringify({ name: "Stray", categoryId: 1 }),
      }),
    );
    expect(response.status).toBe(401);
    expect(sessions.list().map((session) => session.name)).toEqual(["default"]);
  });

  it("reads an authenticated body only up to the route's limit, then answers 413", async () => {
    const { body, pulled } = endlessBody();
    const response = await handle(
      new Request("http://127.0.0.1:4010/pets", {
        method: "POST",
        headers: { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" },
        body,
        duplex: "half",
      } as RequestInit),
    );
    expect(response.status).toBe(413);
    expect(pulled.chunks * chunk.byteLength).toBeLessThanOrEqual(contract.limits.requestBodyBytes + chunk.byteLength);
  });
});

/** The most memory the process has held so far (Linux's peak resident set size), in bytes. */
const peakRss = (pid: number) =>
  Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

/** POSTs `size` bytes of text/plain, stopping as soon as the answer comes; resolves with its status and body. */
function postLarge(url: string, size: number, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    let answered = false;
    const outgoing = request(url, {
      method: "POST",
      agent: false,
      headers: { ...headers, "Content-Type": "text/plain", "Content-Length": size },
    });
    outgoing.on("response", (response) => {
      answered = true;
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (data) => {
        text += data;
      });
      response.on("end", () => {
        resolve({ status: response.statusCode!, body: text });
        outgoing.destroy();
      });
    });
    // Once answered, the server closes the connection; writes after that fail, which is expected.
    outgoing.on("error", (error) => (answered ? undefined : reject(new Error(`${url}: ${error.message}`))));
    const block = Buffer.alloc(MiB, 0x61);
    let sent = 0;
    const writeMore = () => {
      while (!answered && sent < size) {
        const part = block.subarray(0, Math.min(block.length, size - sent));
        sent += part.length;
        if (!outgoing.write(part)) {
          outgoing.once("drain", writeMore);
          return;
        }
      }
      if (!answered) {
        outgoing.end();
      }
    };
    writeMore();
  });
}

describe.runIf(process.platform === "linux")("petstore-mock under unauthenticated 60 MiB bodies", () => {
  it("answers each 401 or 404 and its peak memory grows by less than 50 MiB", async () => {
    // The built CLI, as users run it: from source, the loader's own compiling and its garbage sit in the same peak
    // (50.0 and 50.6 MiB against the bound on loaded machines, with the bodies never read).
    const cli = await startCli([]);
    const { pid } = cli.child;
    const refusals: [string, Record<string, string>][] = [
      ["/__petstore/unknown", {}],
      ["/__petstore/sessions/default/state", {}],
      ["/__petstore/sessions/default/reset", { Authorization: "Bearer wrong" }],
      ["/pets", {}],
    ];
    // Warm: one answered write, and each refusal with a small body, so the baseline holds what every path loads and
    // allocates.
    await postLarge(`${cli.url}/pets`, 10, { Authorization: `Bearer ${DEMO_API_KEY}` });
    await Promise.all(refusals.map(([path, headers]) => postLarge(`${cli.url}${path}`, 10, headers)));
    const before = peakRss(pid!);
    const answers = await Promise.all(
      refusals.map(([path, headers]) => postLarge(`${cli.url}${path}`, 60 * MiB, headers)),
    );
    expect(answers.map((answer) => answer.status)).toEqual([404, 405, 401, 401]);
    for (const answer of answers) {
      expect(JSON.parse(answer.body)).toMatchObject({ status: answer.status });
    }
    const grown = peakRss(pid!) - before;
    // The bound on the project's Node (20). Node 22 and later let the buffers of a body let go by pile up
    // further before collecting them (74 MiB seen under Node 24, in the msw 3 run): still bounded, far from the
    // 240 MiB sent, and far from the 299 MiB the bodies cost when they were kept.
    const bound = Number(process.versions.node.split(".")[0]) >= 22 ? 120 * MiB : 50 * MiB;
    expect(grown, `peak RSS grew by ${(grown / MiB).toFixed(1)} MiB`).toBeLessThan(bound);
    // Still serving.
    const after = await fetch(`${cli.url}/pets?limit=1`, { headers: { Authorization: `Bearer ${DEMO_API_KEY}` } });
    expect(after.status).toBe(200);
  }, 60_000);
});
