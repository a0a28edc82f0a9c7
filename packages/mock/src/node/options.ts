import type { Server } from "node:http";
import type { PetstoreApp } from "../core/app.js";
import { contract } from "../core/generated/contract.js";
import type { PetstoreServerSettings } from "../serve/settings.js";

/** The port of the document's first server, the local mock. */
export const DEFAULT_PORT = Number(new URL(contract.defaultBaseUrl).port);

export interface PetstoreServerOptions extends PetstoreServerSettings {
  /** Interface to bind (default `127.0.0.1`: the mock is not exposed to the network unless asked). */
  host?: string;
  /** Port to bind; 0 picks a free one (default `DEFAULT_PORT`, 4010: the document's first server). */
  port?: number;
  /** How long a client may take to send a whole request before the connection is dropped (default 15 s). */
  requestTimeoutMs?: number;
  /**
   * A built API reference (`dist/reference` of this package, which the CLI passes) to serve at
   * `/docs/`, with try-it aimed at this server; the page fills in the demo key only if it is accepted.
   */
  referenceDir?: string;
}

export interface RunningPetstoreServer {
  /** `http://HOST:PORT`, the base URL to give clients. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  readonly app: PetstoreApp;
  /**
   * Stops accepting connections, ends idle ones, lets requests in flight finish (each closes its
   * connection), and resolves when the server is closed. After `graceMs`, ends the rest at once.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}

/** What `createRequestListener` takes besides the app. */
export interface RequestListenerOptions
  extends Pick<
    PetstoreServerOptions,
    "delayMs" | "onResponse" | "log" | "onUnexpectedError" | "allowedHosts" | "corsOrigins" | "referenceDir" | "apiKeys"
  > {
  /** The server's own URL, for `Location` and `Link` (default: the address the client connected to). */
  baseUrl?: string;
  /** The host the server is bound to; answered like the allowed hosts. */
  boundHost?: string;
}
