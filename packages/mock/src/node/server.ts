import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { httpUrl, ownBaseUrl } from "../serve/http-url.js";
import { DEFAULT_HOST, DEFAULT_PORT } from "../standalone/options.js";
import { finishState, optionsVoice, prepareStartUp, type StartUp } from "../standalone/start-up.js";
import type { PetstoreServerOptions, RunningPetstoreServer } from "./options.js";
import { requestListener } from "./request-listener.js";
import { answerUnparsableRequest, connectionUrl } from "./wire.js";
import { WriteBatch } from "./write-batch.js";

/**
 * Starts the mock as a standalone HTTP server on node:http, for any client (curl, Python, a phone
 * app). Binds to 127.0.0.1 by default, answers only a Host that names it (`allowedHosts` adds
 * names), and lets pages on loopback origins call it (`corsOrigins` adds origins); `state` keeps the
 * data in a file between starts, as `petstore-mock --state` does.
 * @example
 * const mock = await startPetstoreServer({ port: 0 });
 * console.log(mock.url); // http://127.0.0.1:54321
 * await mock.close();
 */
export async function startPetstoreServer(options: PetstoreServerOptions = {}): Promise<RunningPetstoreServer> {
  return listenOnNode(await prepareStartUp(options, optionsVoice("startPetstoreServer")), options);
}

/** Serves a prepared mock on node:http (`petstore-mock` and `startPetstoreServer`); the state file is finished if it cannot listen. */
export async function listenOnNode(startUp: StartUp, options: PetstoreServerOptions): Promise<RunningPetstoreServer> {
  const { app, state } = startUp;
  const requestTimeout = options.requestTimeoutMs ?? 15_000;
  const host = options.host ?? DEFAULT_HOST;
  // Known once listening; until then (never, in practice) and when bound to every interface, where
  // the server has no one name, links use the address each client connected to.
  let ownUrl: string | undefined;
  const writes = new WriteBatch();
  const listener = requestListener(
    app,
    { ...options, boundHost: host, demoKey: startUp.demoKey },
    (request) => ownUrl ?? connectionUrl(request),
    writes,
  );
  const server = createServer(
    {
      requestTimeout,
      // node:http checks for expired requests only this often (30 s by default).
      connectionsCheckingInterval: Math.max(10, Math.min(1_000, requestTimeout / 2)),
      keepAliveTimeout: 5_000,
      // A request without Host gets the listener's Error body, not node's bare 400.
      requireHostHeader: false,
    },
    (request, response) => {
      if (!server.listening) {
        response.setHeader("Connection", "close");
      }
      void listener(request, response);
    },
  );
  server.on("clientError", answerUnparsableRequest);
  try {
    await listen(server, options.port ?? DEFAULT_PORT, host);
  } catch (error) {
    await finishState(state);
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const url = httpUrl(host, port);
  ownUrl = ownBaseUrl(host, port);
  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    server,
    app,
    ...(state ? { state: { path: options.state!, loaded: state.loaded } } : {}),
    close: ({ graceMs } = {}) => {
      // Every answer still to be written, decided or not, goes out with `Connection: close`.
      writes.stop();
      closing ??= closeServer(server, graceMs).then(() => finishState(state));
      return closing;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/**
 * Stops accepting connections, ends idle ones, and lets requests in flight finish (each closes its connection, as the
 * write batch was told);
 * after `graceMs`, ends the rest at once.
 */
function closeServer(server: Server, graceMs: number | undefined) {
  return new Promise<void>((resolve, reject) => {
    const forceClose = graceMs === undefined ? undefined : setTimeout(() => server.closeAllConnections(), graceMs);
    server.close((error) => {
      clearTimeout(forceClose);
      return error ? reject(error) : resolve();
    });
    server.closeIdleConnections();
  });
}
