// Shared by long-names-get-no-edit-distance.test.ts (the Fetch handler) and its .process.test.ts (node:http).
import { expect } from "vitest";
import { DEMO_API_KEY } from "../../src/index.js";
import { expectError } from "../support/adapters.js";

export const MiB = 1024 * 1024;

/** Names that cost minutes before the fix: a line of "=" (the regular expression), and a plain one (the table). */
export const LONG_NAMES = [
  ["a line of = and a newline", `${"=".repeat(MiB)}\n`],
  ["a letter repeated", "a".repeat(MiB)],
] as const;

/**
 * Resets session x to `namedState` while session "other" reads: the 400 quotes 40 characters, and both answer
 * within 2 s. Generous for a noisy machine: the quadratic path at 1 MiB takes minutes, the fix milliseconds.
 */
export async function expectQuickRefusal(
  send: (request: Request) => Promise<Response>,
  base: string,
  namedState: string,
) {
  const headers = { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" };
  const started = performance.now();
  const [refused, other] = await Promise.all([
    send(
      new Request(`${base}/__petstore/sessions/x/reset`, {
        method: "POST",
        headers,
        body: JSON.stringify({ namedState }),
      }),
    ),
    send(new Request(`${base}/pets?limit=1`, { headers: { ...headers, "X-Petstore-Session": "other" } })),
  ]);
  const body = await expectError(refused, 400, "INVALID_FIELD", /is not a named state; the named states are demo, /);
  expect(other.status).toBe(200);
  await other.arrayBuffer();
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(body.message).toContain(`"${namedState.slice(0, 40)}…"`);
  expect(body.message.length).toBeLessThan(250);
}
