import type { Server } from "node:http";
import type { PetstoreStandaloneOptions, ServedPetstoreMock } from "../standalone/options.js";

export interface PetstoreServerOptions extends PetstoreStandaloneOptions {
  /** How long a client may take to send a whole request before the connection is dropped (default 15 s). */
  requestTimeoutMs?: number;
  /**
   * A built API reference (`dist/reference` of this package, which the CLI passes) to serve at
   * `/docs/`, with try-it aimed at this server; the page fills in the demo key only if it is accepted.
   */
  referenceDir?: string;
}

/** What `startPetstoreServer` resolves with: every standalone server's result, and its node:http server. */
export interface RunningPetstoreServer extends ServedPetstoreMock {
  readonly server: Server;
  /**
   * Stops accepting connections, ends idle ones, lets requests in flight finish (each closes its
   * connection), writes the state file one last time, and resolves when all of that is done. After
   * `graceMs`, ends the requests still in flight at once.
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
