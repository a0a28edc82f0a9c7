import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { node24Binary } from "@petstore/testing/node24";
import { runToEnd } from "@petstore/testing/process";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type Backend, KEY, onePet, onPath, startBackend, type Takeover } from "../support/hostile-backend.js";
import { VERIFY_CLI } from "../support/run-verify.js";

// Issue 47, item 1, done when: the built `petstore-verify capture`, with garbage collected every 20 ms (on Node
// 20 a collected AbortSignal.timeout never fired, and the capture ran on for ever), exits 2 within its
// --timeout plus 5 s, naming the URL, against a backend that sends no headers, stops mid-body or trickles; on
// this Node (20) and on Node 24, taken from the npm registry as the msw 3 stage takes it.
const folder = mkdtempSync(join(tmpdir(), "petstore-capture-timeout-"));
const FORCE_GC = fileURLToPath(new URL("../support/force-gc.mjs", import.meta.url));
let stalling: Backend | undefined;
afterEach(() => stalling?.close());
afterAll(() => rmSync(folder, { recursive: true, force: true }));

type Response = Parameters<Takeover>[1];
const STALLS: [string, (response: Response) => void][] = [
  ["sends no headers", () => {}],
  ["stops mid-body", (response) => response.writeHead(200, { "content-type": "application/json" }).write("[")],
  [
    "trickles a byte every 100 ms",
    (response) => {
      response.writeHead(200, { "content-type": "application/json" }).write("[");
      const trickle = setInterval(() => response.write(" "), 100);
      response.on("close", () => clearInterval(trickle));
    },
  ],
];

const NODES: [string, () => string][] = [
  [`Node ${process.versions.node.split(".")[0]}`, () => process.execPath],
  ["Node 24", node24Binary],
];
const CASES = NODES.flatMap(([node, binary]) => STALLS.map(([stall, act]) => [node, stall, binary, act] as const));

describe("capture under forced garbage collection", () => {
  it.each(CASES)("on %s, exits 2 within --timeout + 5 s when the backend %s", async (_node, _, binary, stall) => {
    let stalledAt = Number.NaN;
    stalling = await startBackend(onePet(), {
      takeover: onPath("/store/orders", (response) => {
        stalledAt = performance.now();
        stall(response);
      }),
    });
    const out = join(folder, "captured.json");
    const args = ["--base-url", stalling.url, "--api-key", KEY, "--out", out, "--rate", "1000", "--timeout", "2"];
    const node = binary();
    const run = await runToEnd(node, ["--expose-gc", "--import", FORCE_GC, VERIFY_CLI, "capture", ...args], {
      timeoutMs: 60_000,
    });
    const ms = performance.now() - stalledAt;
    expect(run.timedOut, run.stderr).toBe(false);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`GET ${stalling.url}/store/orders?limit=100: no whole answer within 2 s`);
    // The bound, from the stalled request (the process's start on a loaded machine is not the deadline's).
    expect(ms).toBeLessThan(2000 + 5000);
  });
});
