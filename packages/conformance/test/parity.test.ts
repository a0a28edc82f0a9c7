// One behaviour on every server (issue 36): the same requests, in the same order, from fresh demo data, to the
// Node CLI (the reference), the Fetch handler in process, Deno and Bun (the packed mock, the README's example
// files); the Worker under wrangler dev is compared in examples/cloudflare-worker/test/parity.test.ts. A
// difference passes only when the mock's list of documented differences (docs/mock/servers.md) names it. Each server also
// builds every named state as Node does (the same SHA-256 of its records, src/parity/named-states.ts).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { demoApiKey } from "@petstore/contract";
import { createPetstoreFetchHandler } from "@petstore/mock";
import { startPetstoreServer } from "@petstore/mock/node";
import { appWithExample, BUN, DENO, type ExampleApp, type Runtime, startExample } from "@petstore/runtimes";
import { startCli } from "@petstore/testing/cli";
import { killStarted, spawnWatched } from "@petstore/testing/process";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { describeDifference, differencesOf, documentedDifferences, verdict } from "../src/parity/compare.js";
import { DEMO_KEY_BEYOND_LOOPBACK, demoKeyVerdict } from "../src/parity/demo-key.js";
import { namedStateHashesHere, namedStateHashesOf } from "../src/parity/named-states.js";
import { PARITY_REQUESTS } from "../src/parity/requests.js";
import { type ParityAnswer, sendInProcess, sendRaw } from "../src/parity/send.js";

const sent = PARITY_REQUESTS.map((request) => request.name);
/** The mock's reference page that lists the differences between its servers. */
const SERVERS_PAGE = new URL("../../../docs/mock/servers.md", import.meta.url);
const documented = documentedDifferences(readFileSync(SERVERS_PAGE, "utf8"));
let reference: ParityAnswer[];
/** The Node CLI's answer to the demo-key row, bound to 0.0.0.0 without keys of its own. */
let demoKeyReference: ParityAnswer;

async function answersOf(origin: string): Promise<ParityAnswer[]> {
  const answers: ParityAnswer[] = [];
  for (const request of PARITY_REQUESTS) {
    answers.push(await sendRaw(request, origin));
  }
  return answers;
}

async function answersInProcess(handle: (request: Request) => Promise<Response>) {
  const answers: (ParityAnswer | undefined)[] = [];
  for (const request of PARITY_REQUESTS) {
    answers.push(await sendInProcess(handle, request, "http://127.0.0.1:4010"));
  }
  return answers;
}

function expectParity(server: string, answers: readonly (ParityAnswer | undefined)[]) {
  const { undocumented, stale } = verdict(
    server,
    differencesOf(server, PARITY_REQUESTS, reference, answers),
    documented,
    sent,
  );
  expect(undocumented.map(describeDifference), `${server} answers otherwise than the Node CLI`).toEqual([]);
  expect(
    stale,
    `${server}: documented differences that no longer differ (remove them from docs/mock/servers.md)`,
  ).toEqual([]);
}

beforeAll(async () => {
  const cli = await startCli([]);
  try {
    reference = await answersOf(cli.url);
  } finally {
    await cli.stop();
  }
  const exposed = await startCli(["--host", "0.0.0.0", "--port", "0"]);
  try {
    demoKeyReference = demoKeyVerdict(await sendRaw(DEMO_KEY_BEYOND_LOOPBACK, loopbackOrigin(exposed.url)));
  } finally {
    await exposed.stop();
  }
}, 60_000);

/** The origin to call a server bound to every interface on: its port on 127.0.0.1 (the policy follows the bind). */
const loopbackOrigin = (url: string) => `http://127.0.0.1:${new URL(url).port}`;

/** A script in the app that serves the packed mock with the runtime bound to 0.0.0.0, without keys of its own. */
async function startExposed(runtime: Runtime, app: ExampleApp) {
  const deno = runtime === DENO;
  const file = `demo-key.${deno ? "deno" : "bun"}.ts`;
  writeFileSync(
    join(app.dir, file),
    `import { ${deno ? "serveWithDeno as serve" : "serveWithBun as serve"} } from "@petstore/mock/${deno ? "deno" : "bun"}";
const mock = await serve({ host: "0.0.0.0", port: 0 });
console.log(\`listening on http://127.0.0.1:\${mock.port}\`);
`,
  );
  const args = deno ? ["run", "--allow-net", "--allow-read=.", file] : [file];
  const served = spawnWatched(runtime.binary, args, { cwd: app.dir, name: `${runtime.name}: ${file}` });
  const url = await served.printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/, { timeoutMs: 30_000 });
  return { ...served, url };
}

/** The demo-key row: the server's answer, but for its own words, is the Node CLI's. */
function expectDemoKeyParity(server: string, answer: ParityAnswer) {
  expect(demoKeyVerdict(answer), `${server} answers the demo key beyond loopback otherwise than the Node CLI`).toEqual(
    demoKeyReference,
  );
}

afterAll(killStarted);

describe("parity of the mock's servers with the Node CLI", () => {
  it("the reference answers as the document says (a sample)", () => {
    const byName = new Map(PARITY_REQUESTS.map((request, index) => [request.name, reference[index]!]));
    expect(byName.get("no Authorization")).toMatchObject({
      status: 401,
      headers: { "www-authenticate": 'Bearer realm="petstore"' },
    });
    expect(byName.get("create pet")).toMatchObject({ status: 201, headers: { location: "{origin}/pets/21" } });
    expect(byName.get("absolute-form, another host")?.status).toBe(400);
    expect(byName.get("body past the limit")?.status).toBe(413);
    // Issue 48: the session's outcome answers its next call, and no other session's.
    expect(byName.get("the chosen outcome")).toMatchObject({ status: 503, body: { code: "SERVICE_UNAVAILABLE" } });
    expect(byName.get("another session, without the outcome")?.status).toBe(200);
    expect(byName.get("the outcome used up")?.status).toBe(200);
    expect(byName.get("the outcome of every call")).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    for (const refused of ["outcome of no operation", "outcome status not documented", "latency out of range"]) {
      expect(byName.get(refused), refused).toMatchObject({ status: 400, body: { code: "INVALID_FIELD" } });
    }
    expect(byName.get("outcomes without a key")?.status).toBe(401);
    // Issue 48, item 1: a pet and its inventory entry as one change; half of it refused, naming the rule and record.
    expect(byName.get("change: a pet without its inventory entry")).toMatchObject({
      status: 400,
      body: {
        code: "INVALID_FIELD",
        message: "changes[0]: pets[20]: pet 21 has no inventory entry; every pet has one",
      },
    });
    expect(byName.get("change: a pet and its inventory entry")?.status).toBe(200);
    expect(byName.get("the pet a change added")).toMatchObject({ status: 200, body: { name: "Whole" } });
    expect(byName.get("change: an unknown table")).toMatchObject({ status: 400, body: { code: "INVALID_FIELD" } });
    expect(byName.get("change: delete a pet and its inventory entry")?.status).toBe(200);
    expect(byName.get("the pet a change deleted")?.status).toBe(404);
  });

  it("the demo-key row: the Node CLI refuses the demo key beyond loopback with a 401 that says how to set keys", () => {
    expect(demoKeyReference).toMatchObject({
      status: 401,
      headers: { "www-authenticate": 'Bearer realm="petstore"' },
      body: {
        code: "UNAUTHORIZED",
        status: 401,
        message: "the demo key petstore-demo-key does not open {server}: {how to set keys}",
      },
    });
  });

  it("the demo-key row: startPetstoreServer bound to 0.0.0.0", async () => {
    const mock = await startPetstoreServer({ host: "0.0.0.0", port: 0 });
    onTestFinished(() => mock.close());
    expectDemoKeyParity("startPetstoreServer", await sendRaw(DEMO_KEY_BEYOND_LOOPBACK, loopbackOrigin(mock.url)));
  });

  it("the Fetch handler in process (createPetstoreFetchHandler)", async () => {
    expectParity("Fetch handler", await answersInProcess(createPetstoreFetchHandler()));
  });

  for (const runtime of [DENO, BUN]) {
    describe(runtime.name, () => {
      let app: ExampleApp;
      beforeAll(() => {
        app = appWithExample(runtime);
      }, 120_000);
      afterAll(() => app?.remove());

      it(`${runtime.name} (packages/mock/examples/${runtime.example})`, async () => {
        const example = await startExample(runtime, app, { PETSTORE_STATE: "" });
        onTestFinished(async () => {
          await example.stop();
        });
        expectParity(runtime.name, await answersOf(example.url));
        // The same server: each named state it builds (its own engine's arithmetic and strings) is Node's, byte for byte.
        expect(await namedStateHashesOf(example.url, demoApiKey), `${runtime.name}: named states`).toEqual(
          await namedStateHashesHere(),
        );
      });

      it(`${runtime.name}: the demo-key row (serveWithBun or serveWithDeno bound to 0.0.0.0)`, async () => {
        const exposed = await startExposed(runtime, app);
        onTestFinished(async () => {
          await exposed.stop();
        });
        expectDemoKeyParity(runtime.name, await sendRaw(DEMO_KEY_BEYOND_LOOPBACK, exposed.url));
      });
    });
  }

  it("the named states, reset over the control API, are Node's, byte for byte (Fetch handler in process)", async () => {
    const handle = createPetstoreFetchHandler();
    const hashes = await namedStateHashesOf("http://127.0.0.1:4010", demoApiKey, handle);
    expect(Object.keys(hashes)).toHaveLength(14);
    expect(hashes).toEqual(await namedStateHashesHere());
  });

  it("fails on a deliberately broken server, naming the request and both answers", async () => {
    const handle = createPetstoreFetchHandler();
    // Broken on purpose: a 401 without its WWW-Authenticate.
    const broken = async (request: Request) => {
      const response = await handle(request);
      const headers = new Headers(response.headers);
      headers.delete("www-authenticate");
      return new Response(response.body, { status: response.status, headers });
    };
    const found = differencesOf("Broken", PARITY_REQUESTS, reference, await answersInProcess(broken));
    const { undocumented } = verdict("Broken", found, documented, sent);
    expect(undocumented.map((difference) => difference.request)).toEqual(
      expect.arrayContaining(["no Authorization", "unknown key", "control without a key"]),
    );
    expect(describeDifference(undocumented[0]!)).toContain('"www-authenticate":"Bearer realm=\\"petstore\\""');
  });
});
