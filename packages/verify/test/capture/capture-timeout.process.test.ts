import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runToEnd } from "@petstore/testing/process";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type Backend, KEY, onePet, onPath, startBackend, type Takeover } from "../support/hostile-backend.js";
import { VERIFY_CLI } from "../support/run-verify.js";

// Issue 47, item 1, done when: the built `petstore-verify capture`, with garbage collected every 20 ms (on Node
// 20 a collected AbortSignal.timeout never fired, and the capture ran on for ever), exits 2 within its
// --timeout plus 5 s, naming the URL, against a backend that sends no headers, stops mid-body or trickles.
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

describe("capture under forced garbage collection", () => {
  it.each(STALLS)("exits 2 within --timeout + 5 s when the backend %s", async (_, stall) => {
    stalling = await startBackend(onePet(), {
      takeover: onPath("/store/orders", stall),
    });
    const out = join(folder, "captured.json");
    const args = ["--base-url", stalling.url, "--api-key", KEY, "--out", out, "--rate", "1000", "--timeout", "2"];
    const started = performance.now();
    const run = await runToEnd(
      process.execPath,
      ["--expose-gc", "--import", FORCE_GC, VERIFY_CLI, "capture", ...args],
      {
        timeoutMs: 60_000,
      },
    );
    const ms = performance.now() - started;
    expect(run.timedOut, run.stderr).toBe(false);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`GET ${stalling.url}/store/orders?limit=100: no whole answer within 2 s`);
    // The bound, the process's start included.
    expect(ms).toBeLessThan(2000 + 5000);
  });
});
