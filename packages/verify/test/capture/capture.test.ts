import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPetstoreFetch, createPetstoreStore, DEMO_API_KEY, seed } from "@petstore/mock";
import { afterAll, describe, expect, it } from "vitest";
import { type CaptureOptions, capture } from "../../src/capture/capture.js";
import type { CapturedStateFile } from "../../src/capture/snapshot.js";
import { captureMain } from "../../src/cli/capture.js";

// `petstore-verify capture` in process, against the mock's in-memory fetch (its default base URL): records that
// break a rule are reported and left out or fixed (exit 1), bad input is one line and exit 2 with nothing written,
// and the redaction and the cap keep the snapshot whole. The 1,000-pet capture is capture.process.test.ts.
const BASE = "http://127.0.0.1:4010";
const folder = mkdtempSync(join(tmpdir(), "petstore-capture-unit-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
let files = 0;
const newPath = () => join(folder, `captured-${++files}.json`);

async function seededFetch(pets: number) {
  const store = createPetstoreStore();
  await seed(store, { pets });
  return { store, fetch: createPetstoreFetch({ store }) };
}

/** A fetch whose answers to GET `path` (first page) pass through `change` first. */
function breaking(inner: typeof fetch, changes: Record<string, (records: Record<string, unknown>[]) => void>) {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const response = await inner(request);
    const change = changes[new URL(request.url).pathname];
    if (!change || new URL(request.url).searchParams.has("offset")) {
      return response;
    }
    const records = (await response.json()) as Record<string, unknown>[];
    change(records);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(records), { status: response.status, headers });
  }) as typeof fetch;
}

async function runCapture(argv: string[], withFetch?: typeof fetch) {
  let stdout = "";
  let stderr = "";
  const status = await captureMain(argv, {
    run: (options: CaptureOptions) => capture({ ...options, ...(withFetch ? { fetch: withFetch } : {}) }),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
  });
  return { status, stdout, stderr };
}

const args = (out: string, ...more: string[]) => [
  "--base-url",
  BASE,
  "--api-key",
  DEMO_API_KEY,
  "--out",
  out,
  "--rate",
  "1000",
  ...more,
];

const readState = (path: string) => JSON.parse(readFileSync(path, "utf8")) as CapturedStateFile;

describe("petstore-verify capture", () => {
  it("reports records that break a rule, leaves them out or fixes them by the stated rule, and exits 1", async () => {
    const { store, fetch } = await seededFetch(12);
    const snapshot = store.snapshot();
    const nameless = snapshot.pets.records[0]!.id;
    const sold = snapshot.pets.records.find((pet) => pet.status !== "sold" && pet.id !== nameless)!.id;
    const broken = breaking(fetch, {
      "/pets": (pets) => {
        delete pets.find((pet) => pet.id === nameless)!.name;
      },
      "/store/orders": (orders) => {
        orders.push({ id: 9001, petId: 9999, quantity: 1, complete: false });
      },
      "/store/inventory": (entries) => {
        const entry = entries.find((item) => item.petId === sold)!;
        entry.status = entry.status === "available" ? "pending" : "available";
      },
    });
    const out = newPath();
    const { status, stdout, stderr } = await runCapture(args(out), broken);
    expect(status, stderr).toBe(1);
    expect(stdout).toContain("left out    ");
    expect(stdout).toContain("by breaks-the-document");
    expect(stdout).toContain("by open-order-without-pet");
    expect(stdout).toContain("fixed       1 (1 by inventory-status; see the findings)");
    expect(stdout).toMatch(/Finding 1 of 5: document\.body in capture rule breaks-the-document\n/);
    expect(stdout).toMatch(/\n {2}1 record left out \(breaks-the-document\)/);
    expect(stdout).toContain(`pet ${nameless}: listPets GET /pets → 200: body/0 must have required property 'name'`);
    expect(stdout).toContain(
      "1 record fixed (inventory-status): an inventory entry whose status is not its pet's takes the pet's status.",
    );
    expect(stdout).toContain("order 9001: open order 9001 is for pet 9999, which is gone");
    expect(stdout).toContain("curl ");
    expect(stdout).not.toContain(DEMO_API_KEY);

    const state = readState(out).sessions.default;
    expect(state.pets.map((pet) => pet.id)).not.toContain(nameless);
    expect(state.inventory.map((entry) => entry.petId)).not.toContain(nameless);
    expect(state.orders.filter((order) => order.petId === nameless && !order.complete)).toEqual([]);
    expect(state.orders.map((order) => order.id)).not.toContain(9001);
    const fixed = state.inventory.find((entry) => entry.petId === sold)!;
    expect(fixed.status).toBe(state.pets.find((pet) => pet.id === sold)!.status);
    const loaded = createPetstoreFetch({ initialState: readState(out) });
    await loaded.ready;
    expect(loaded.store.pets.size).toBe(11);
  });

  it("exits 0 with the counts when every record is as read", async () => {
    const { fetch } = await seededFetch(5);
    const out = newPath();
    const { status, stdout, stderr } = await runCapture(args(out), fetch);
    expect(status, stderr).toBe(0);
    expect(stdout).toContain("pets 5, orders");
    expect(stdout).toContain("findings    none: every record captured as it was read");
    expect(stderr).toContain("pets: 5 of 5 read");
  });

  it("redacts the chosen fields with placeholders and caps each collection, keeping the snapshot whole", async () => {
    const { store, fetch } = await seededFetch(40);
    const out = newPath();
    const { status, stderr } = await runCapture(
      args(out, "--max-per-collection", "10", "--redact", "pet.name", "--redact", "description"),
      fetch,
    );
    expect(status, stderr).toBe(0);
    const state = readState(out).sessions.default;
    const lowest = store
      .snapshot()
      .pets.records.map((pet) => pet.id)
      .slice(0, 10);
    expect(state.pets.map((pet) => pet.id)).toEqual(lowest);
    expect(state.pets.every((pet) => pet.name === `Pet ${pet.id}`)).toBe(true);
    expect(state.inventory.map((entry) => entry.petId)).toEqual(lowest);
    expect(state.orders.length).toBeLessThanOrEqual(10);
    expect(state.orders.every((order) => lowest.includes(order.petId))).toBe(true);
    expect(state.categories.length).toBeLessThanOrEqual(10);
    const categoryIds = state.categories.map((category) => category.id);
    expect(state.pets.every((pet) => categoryIds.includes(pet.categoryId))).toBe(true);
    for (const category of state.categories) {
      expect(category.name).not.toMatch(/^Category \d+$/);
      if (category.description !== undefined) {
        expect(category.description).toBe(`Description of category ${category.id}`);
      }
    }
    expect(state.nextIds.pets).toBe(Math.max(...lowest) + 1);
    const loaded = createPetstoreFetch({ initialState: readState(out) });
    await loaded.ready;
    expect(loaded.store.pets.size).toBe(10);
  });

  describe("bad input: one line naming it, exit 2, nothing written", () => {
    const closedPort = async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      return port;
    };
    const expectRefused = (result: { status: number; stderr: string; stdout: string }, line: string) => {
      expect(result.status).toBe(2);
      expect(result.stderr).toBe(`petstore-verify capture: ${line}\n`);
      expect(result.stdout).toBe("");
    };
    const filesIn = () => readdirSync(folder).filter((name) => name.startsWith("bad-"));

    it("refuses a missing --out", async () => {
      const result = await runCapture(["--base-url", BASE, "--api-key", DEMO_API_KEY]);
      expectRefused(
        result,
        "--out is required: the file to write the snapshot to, e.g. --out state.json (pnpm exec petstore-verify capture --help lists the flags)",
      );
    });

    it("refuses an --out in a folder that is not there, or under a file", async () => {
      const missing = join(folder, "no-such-folder", "bad-1.json");
      expectRefused(
        await runCapture(args(missing)),
        `--out ${missing}: cannot be written (the folder ${join(folder, "no-such-folder")} does not exist)`,
      );
      const plain = join(folder, "bad-plain-file");
      writeFileSync(plain, "x");
      const under = join(plain, "bad-2.json");
      expectRefused(await runCapture(args(under)), `--out ${under}: cannot be written (${plain} is not a folder)`);
      expect(existsSync(under)).toBe(false);
    });

    it("refuses a bad URL, an unreachable server and a wrong key, and writes no file", async () => {
      const out = join(folder, "bad-3.json");
      expectRefused(
        await runCapture(["--base-url", "ftp://x", "--api-key", DEMO_API_KEY, "--out", out]),
        '--base-url must be an http or https URL (got "ftp://x") (pnpm exec petstore-verify capture --help lists the flags)',
      );
      const port = await closedPort();
      const unreachable = await runCapture([
        "--base-url",
        `http://127.0.0.1:${port}`,
        "--api-key",
        DEMO_API_KEY,
        "--out",
        out,
      ]);
      expectRefused(unreachable, `cannot reach http://127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`);
      const { fetch } = await seededFetch(3);
      const wrongKey = await runCapture(["--base-url", BASE, "--api-key", "not-the-key", "--out", out], fetch);
      expectRefused(
        wrongKey,
        `the backend refused the key on every request (GET ${BASE}/pets?limit=1 answered 401): check the API key`,
      );
      expect(filesIn()).toEqual(["bad-plain-file"]);
      expect(readdirSync(folder).some((name) => name.endsWith(".tmp"))).toBe(false);
    });

    it("writes nothing when a list stops answering mid-capture", async () => {
      const { fetch } = await seededFetch(3);
      const failing = (async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        return new URL(request.url).pathname === "/store/orders"
          ? new Response(JSON.stringify({ code: "INTERNAL_ERROR", message: "down", status: 500 }), {
              status: 500,
              headers: { "content-type": "application/json" },
            })
          : fetch(request);
      }) as typeof fetch;
      const out = join(folder, "bad-4.json");
      const result = await runCapture(args(out), failing);
      expect(result.status).toBe(2);
      expect(result.stderr).toContain(
        `petstore-verify capture: GET ${BASE}/store/orders?limit=100 answered 500: the orders cannot be read, so nothing was captured`,
      );
      expect(existsSync(out)).toBe(false);
    });
  });
});
