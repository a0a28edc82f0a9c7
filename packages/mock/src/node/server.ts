import { createServer, type Server, type ServerResponse } from "node:http";
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
  const inFlight = new InFlight();
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
      const answering = listener(request, response);
      // An answer decided at once waits in the write batch, which a stop tells to close the connection: only the
      // others are kept.
      if (!response.writableEnded && !writes.holdsLast(response)) {
        inFlight.add(response);
      }
      void answering;
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
      writes.stop();
      closing ??= closeServer(server, inFlight, graceMs).then(() => finishState(state));
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
 * Stops accepting connections, ends idle ones, and lets requests in flight finish (each closes its connection);
 * after `graceMs`, ends the rest at once.
 */
function closeServer(server: Server, inFlight: InFlight, graceMs: number | undefined) {
  return new Promise<void>((resolve, reject) => {
    // Requests in flight close their connection once answered, so nothing keeps the server open.
    for (const response of inFlight.responses()) {
      if (!response.headersSent) {
        response.setHeader("Connection", "close");
      }
    }
    const forceClose = graceMs === undefined ? undefined : setTimeout(() => server.closeAllConnections(), graceMs);
    server.close((error) => {
      clearTimeout(forceClose);
      return error ? reject(error) : resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * The responses not answered at once, which may still be in flight. No listener per response: the ones done
 * (ended or closed) are dropped now and then, when the set has doubled, and left out when asked for.
 */
class InFlight {
  readonly #responses = new Set<ServerResponse>();
  #sweepAt = 64;

  add(response: ServerResponse): void {
    this.#responses.add(response);
    if (this.#responses.size >= this.#sweepAt) {
      this.#dropDone();
      this.#sweepAt = Math.max(64, this.#responses.size * 2);
    }
  }

  responses(): Iterable<ServerResponse> {
    this.#dropDone();
    return this.#responses;
  }

  #dropDone(): void {
    for (const response of this.#responses) {
      if (response.writableEnded || response.destroyed) {
        this.#responses.delete(response);
      }
    }
  }
}
