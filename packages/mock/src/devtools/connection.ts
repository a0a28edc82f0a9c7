// What the panel steers: the page's own mock, or a standalone petstore-mock over HTTP. Both through the control API
// (openapi/control.yaml), so an edit is checked by the same rules in the page as on a shared server.
import type { PetstoreApp } from "../core/app.js";
import { createPetstoreControl, type PetstoreControl } from "../fetch/control-client.js";

export interface Connection {
  control: PetstoreControl;
  /** The page's own mock, whose outcomes and request log the panel shows; undefined for a standalone one. */
  app: PetstoreApp | undefined;
  /** What the panel says it is connected to. */
  label: string;
}

/** Any key: the in-page control handler is reached by no one but the panel. */
const PANEL_KEY = "petstore-devtools";
const PAGE_BASE = "http://petstore-devtools.invalid";

/** The page's mock, through a control handler over its sessions (loaded on first use: it carries the snapshot checks). */
export async function pageConnection(app: PetstoreApp): Promise<Connection> {
  const [{ createControlHandler }, { contract }, { fetchRequestReader }, { toFetchResponse }] = await Promise.all([
    import("../core/control/handler.js"),
    import("../core/generated/control/contract.js"),
    import("../fetch/request.js"),
    import("../fetch/response.js"),
  ]);
  const handle = createControlHandler({ sessions: app.sessions, apiKeys: [PANEL_KEY], outcomes: app.sessionOutcomes });
  const readRequest = fetchRequestReader(PAGE_BASE, contract.limits.requestBodyBytes);
  const pageFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    return toFetchResponse(await handle(await readRequest(request)), request.method);
  };
  return {
    control: createPetstoreControl(PAGE_BASE, { apiKey: PANEL_KEY, fetch: pageFetch as typeof fetch }),
    app,
    label: "the mock in this page",
  };
}

/** A standalone petstore-mock (or a Worker) at `url`, with one of its API keys. */
export function serverConnection(url: string, apiKey: string): Connection {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw new TypeError(`the mock's URL must be http(s), not ${parsed.protocol}`);
  }
  const base = parsed.href.replace(/\/+$/, "");
  return { control: createPetstoreControl(base, { apiKey }), app: undefined, label: base };
}
