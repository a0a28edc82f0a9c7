// What the Deno and Bun servers share: the mock, its state file if asked, and the Fetch handler over them.
import { fileURLToPath } from "node:url";
import { APP_LIMIT_NAMES, createPetstoreApp, type PetstoreApp } from "../core/app.js";
import { checkStartOptions } from "../core/mock-options.js";
import { fillWithNamedState } from "../core/start-from.js";
import { seed } from "../core/store/seed.js";
import { createPetstoreStore } from "../core/store/store.js";
import { isIP } from "../serve/access-policy.js";
import { isLoopbackHost, refusingDemoKey } from "../serve/demo-key.js";
import { createPetstoreFetchHandler, type PetstoreFetchHandler } from "../serve/handler.js";
import { httpUrl } from "../serve/http-url.js";
import type { ReferenceFiles } from "../serve/reference-route.js";
import { type DurableState, keepStateInFile, referenceFiles } from "../state/index.js";
import type { PetstoreRuntimeServerOptions, ServedPetstoreMock } from "./options.js";

export interface PreparedMock {
  readonly app: PetstoreApp;
  readonly handler: PetstoreFetchHandler;
  readonly state?: DurableState;
  /** Tells the handler the port the runtime listens on: its links name this server's own address from then on. */
  listenedOn(port: number): void;
}

/** The mock: over the given store or sessions, or new ones, with every session of the state file when there is one. */
async function durableApp(options: PetstoreRuntimeServerOptions, caller: string) {
  if (options.state === undefined) {
    const app = createPetstoreApp(options);
    await app.ready;
    return { app };
  }
  checkStartOptions(options);
  const { namedState, ...appOptions } = options;
  const given = options.sessions?.defaultStore ?? options.store;
  const store = given ?? createPetstoreStore();
  let app: PetstoreApp | undefined;
  const state = await keepStateInFile(store, options.state, {
    // A new file starts from the named state if one is given, else from the demo data.
    fillNewStore: () =>
      given ? Promise.resolve() : namedState !== undefined ? fillWithNamedState(store, namedState) : seed(store),
    // Over the given sessions, or new ones over the file's store (already filled: the app seeds nothing).
    sessions: () => {
      app = createPetstoreApp(options.sessions ? appOptions : { ...appOptions, store });
      return app.sessions;
    },
    limitNames: APP_LIMIT_NAMES,
    onWriteError:
      options.onStateWriteError ??
      ((error) =>
        // biome-ignore lint/suspicious/noConsole: a server's stderr is where its operator looks; onStateWriteError replaces it.
        console.error(`${caller}(): cannot write the state file ${options.state}: ${error.message}`)),
    label: `the state file ${options.state}`,
  });
  return { app: app!, state };
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
 * The mock a runtime serves, ready to answer: demo data (or the state file's), and the standalone
 * server's handler over it, which also answers the host the server is bound to when that is a name.
 * Bound beyond loopback with no `apiKeys`, it refuses the public demo key unless `allowDemoKey` says so.
 */
export async function prepareMock(options: PetstoreRuntimeServerOptions, caller: string): Promise<PreparedMock> {
  const { app, state } = await durableApp(options, caller);
  const host = options.host ?? "127.0.0.1";
  let ownUrl: string | undefined;
  const listenedOn = (port: number) => {
    ownUrl = isIP(host) !== 0 && /^[0.:]+$/.test(host) ? undefined : httpUrl(host, port);
  };
  const served = createPetstoreFetchHandler({
    ...options,
    app,
    // What arrived on the wire: a request without Host is refused as petstore-mock refuses it.
    requireHostHeader: true,
    reference: options.reference ?? builtReference(),
    allowedHosts: [...(options.allowedHosts ?? []), ...(isIP(host) === 0 ? [host] : [])],
    // Links name the server's own address, as petstore-mock's do, once it listens (on every interface: the request's origin).
    baseUrl: () => ownUrl,
  });
  const demoKeyOpen = options.apiKeys !== undefined || options.allowDemoKey === true || isLoopbackHost(host);
  const handler = demoKeyOpen
    ? served
    : refusingDemoKey(
        served,
        options,
        `a mock bound to ${host}, which other machines can reach`,
        `pass your team's keys in the apiKeys option of ${caller}() (allowDemoKey: true accepts the demo key on purpose, for a public sandbox)`,
      );
  return { app, handler, listenedOn, ...(state ? { state } : {}) };
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
    url: httpUrl(options.host ?? "127.0.0.1", port),
    port,
    app,
    ...(state ? { state: { path: options.state!, loaded: state.loaded } } : {}),
    close: () => {
      closing ??= stop().then(() => finishState(state));
      return closing;
    },
  };
}

/** Writes the state file one last time and stops following changes. */
export async function finishState(state: DurableState | undefined): Promise<void> {
  if (state) {
    state.writer.stop();
    await state.writer.flush();
  }
}
