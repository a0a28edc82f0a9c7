// What the Deno and Bun servers share: the mock prepared by the one start-up, and the Fetch handler over it.
import { fileURLToPath } from "node:url";
import { isIP } from "../serve/access-policy.js";
import { fetchHandler, type PetstoreFetchHandler } from "../serve/handler.js";
import { httpUrl, ownBaseUrl } from "../serve/http-url.js";
import type { ReferenceFiles } from "../serve/reference-route.js";
import { referenceFiles } from "../state/reference-files.js";
import { DEFAULT_HOST, type PetstoreRuntimeServerOptions, type ServedPetstoreMock } from "./options.js";
import { finishState, optionsVoice, prepareStartUp, type StartUp } from "./start-up.js";

export interface PreparedMock extends StartUp {
  readonly handler: PetstoreFetchHandler;
  /** Tells the handler the port the runtime listens on: its links name this server's own address from then on. */
  listenedOn(port: number): void;
}

/**
 * The API reference built beside this module (`dist/reference`), served at `/docs/` as `petstore-mock` serves
 * it; none from the CommonJS build (no `import.meta.url`) or from source (not built: `/docs/` says so).
 */
function builtReference(): ReferenceFiles | undefined {
  const here: unknown = import.meta.url;
  return typeof here === "string" && here.startsWith("file:")
    ? referenceFiles(fileURLToPath(new URL("./reference/", here)))
    : undefined;
}

/**
 * The mock a runtime serves, ready to answer (`prepareStartUp`: the start data or the state file's, the keys, the
 * demo-key policy), and the standalone server's handler over it, which also answers the host the server is bound
 * to when that is a name.
 */
export async function prepareMock(options: PetstoreRuntimeServerOptions, name: string): Promise<PreparedMock> {
  const startUp = await prepareStartUp(options, optionsVoice(name));
  const host = options.host ?? DEFAULT_HOST;
  let ownUrl: string | undefined;
  const listenedOn = (port: number) => {
    ownUrl = ownBaseUrl(host, port);
  };
  const handler = fetchHandler(
    {
      ...options,
      app: startUp.app,
      // What arrived on the wire: a request without Host is refused as petstore-mock refuses it.
      requireHostHeader: true,
      reference: options.reference ?? builtReference(),
      allowedHosts: [...(options.allowedHosts ?? []), ...(isIP(host) === 0 ? [host] : [])],
      // Links name the server's own address, as petstore-mock's do, once it listens (on every interface: the request's origin).
      baseUrl: () => ownUrl,
    },
    startUp.demoKey,
  );
  return { ...startUp, handler, listenedOn };
}

/**
 * What `serveWithDeno` and `serveWithBun` resolve with, once the runtime listens on `port`; `stop` lets
 * requests in flight finish. `close()` stops once, then writes the state file one last time.
 */
export function servedMock(
  prepared: PreparedMock,
  options: PetstoreRuntimeServerOptions,
  port: number,
  stop: () => Promise<void>,
): ServedPetstoreMock {
  const { app, state } = prepared;
  prepared.listenedOn(port);
  let closing: Promise<void> | undefined;
  return {
    url: httpUrl(options.host ?? DEFAULT_HOST, port),
    port,
    app,
    ...(state ? { state: { path: options.state!, loaded: state.loaded } } : {}),
    close: () => {
      closing ??= stop().then(() => finishState(state));
      return closing;
    },
  };
}
