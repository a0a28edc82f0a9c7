import { createPetstoreControl, createPetstoreFetchHandler, DEMO_API_KEY } from "../../src/index.js";

const BASE = "http://127.0.0.1:4010";

/** A mock in the test process with the demo key on every request, and its control client over the same handler. */
export function controlMock() {
  const handle = createPetstoreFetchHandler();
  const auth = { Authorization: `Bearer ${DEMO_API_KEY}` };
  const send = (path: string, init: RequestInit = {}) =>
    handle(new Request(`${BASE}${path}`, { ...init, headers: { ...auth, ...(init.headers ?? {}) } }));
  const post = (path: string, body: unknown, method = "POST") =>
    send(path, { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
  const control = createPetstoreControl(BASE, {
    apiKey: DEMO_API_KEY,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => handle(new Request(input, init))) as typeof fetch,
  });
  return { send, post, control };
}
