import { existsSync, readFileSync } from "node:fs";
import { killStarted, startCli } from "@petstore/testing/cli";
import { afterEach, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";

// Issue 35, item 3: an authenticated `PUT …/state` whose one field was a 33-million-character string
// crashed the mock (heap out of memory), taking every session with it: the 400's message builder copied
// the whole string into an array of characters before keeping 40 of them. A 50 MB body cost about 1.7 GiB
// of peak RSS. Now the message echoes 40 characters and reads no further; the CLI runs under a heap of
// 1 GiB here (--max-old-space-size=1024), the heap that used to run out.
afterEach(killStarted);

const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };
const LONG = 33_000_000;
const echo = `(got "${"x".repeat(40)}…")`;
const empty = { version: 1, categories: [], pets: [], orders: [], inventory: [] };

/** The peak resident memory of a process, in MiB (Linux's /proc; undefined elsewhere). */
function peakRssMiB(pid: number): number | undefined {
  const status = `/proc/${pid}/status`;
  const kib = existsSync(status) ? readFileSync(status, "utf8").match(/VmHWM:\s+(\d+) kB/)?.[1] : undefined;
  return kib === undefined ? undefined : Number(kib) / 1024;
}

it("answers 400 to a snapshot field of 33 million characters under a small heap, and keeps serving", async () => {
  const cli = await startCli(["--empty"], { from: "source", nodeArgs: ["--max-old-space-size=1024"] });
  const state = `${cli.url}/__petstore/sessions/default/state`;
  const put = (body: string) => fetch(state, { method: "PUT", headers, body });
  const long = "x".repeat(LONG);

  // A value echoed in the message (an enum), and one whose rule echoes none (a maximum length).
  const format = await put(JSON.stringify({ format: long, ...empty }));
  expect(await format.json()).toEqual({
    code: "INVALID_FIELD",
    message: `format must be one of: petstore-snapshot ${echo}`,
    status: 400,
  });
  const categories = [{ id: 1, name: "Dogs", description: long }];
  const description = await put(JSON.stringify({ format: "petstore-snapshot", ...empty, categories }));
  expect(description.status).toBe(400);
  // A field name of 33 million characters, named in 40.
  const field = await put(
    JSON.stringify({ format: "petstore-snapshot", ...empty, categories: [{ id: 1, name: "Dogs", [long]: 1 }] }),
  );
  expect(await field.json()).toEqual({
    code: "UNKNOWN_FIELD",
    message: `categories[0].${"x".repeat(40)}… is not a field of this record`,
    status: 400,
  });

  const after = await fetch(state, { headers });
  expect(after.status).toBe(200);
  expect(((await after.json()) as { pets: unknown[] }).pets).toEqual([]);
});

it("answers a 50 MB snapshot with one bad field within a few hundred MiB of peak memory", async () => {
  const cli = await startCli(["--empty"], { from: "source" });
  const body = JSON.stringify({ format: "x".repeat(50_000_000), ...empty });
  const response = await fetch(`${cli.url}/__petstore/sessions/default/state`, { method: "PUT", headers, body });
  expect(response.status).toBe(400);
  const peak = peakRssMiB(cli.child.pid!);
  // About 260 MiB: the body's bytes, its text and the parsed value (1.7 GiB when the message copied it).
  if (peak !== undefined) {
    expect(peak).toBeLessThan(600);
  }
});
