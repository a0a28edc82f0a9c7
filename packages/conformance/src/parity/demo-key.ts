// The demo-key policy as a parity row (issue 45): every standalone server reachable from other machines, without
// keys of its own, answers the public demo key with the same 401 (the Node CLI, startPetstoreServer, Deno and Bun
// bound to 0.0.0.0; the Worker called on a public host). Only the words that name the server and how to set its
// keys (flags, options, wrangler) are each server's own.
import { demoApiKey } from "@petstore/contract";
import type { ParityRequest } from "./requests.js";
import type { ParityAnswer } from "./send.js";

/** The row's request: an API read with the demo key, which loopback answers 200. */
export const DEMO_KEY_BEYOND_LOOPBACK: ParityRequest = {
  name: "the demo key beyond loopback",
  method: "GET",
  target: "/pets?limit=1",
  headers: { Authorization: `Bearer ${demoApiKey}` },
};

/** How the refusal reads on every server: the server and its way to set keys in braces. */
const REFUSAL = new RegExp(`^the demo key ${demoApiKey} does not open (.+?): (.+)$`);

/** What is compared of a server's answer to the row: all of it, the server's own words aside. */
export function demoKeyVerdict(answer: ParityAnswer): ParityAnswer {
  const body = answer.body as { message?: unknown } | null;
  const message = typeof body?.message === "string" ? body.message : "";
  const words = REFUSAL.exec(message);
  const refusal = words ? `the demo key ${demoApiKey} does not open {server}: {how to set keys}` : message;
  // Content-Length follows the server's own words.
  const { "content-length": _length, ...headers } = answer.headers;
  return { status: answer.status, headers, body: { ...(body ?? {}), message: refusal } };
}
