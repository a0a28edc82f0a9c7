// What every standalone server takes and gives: the Node CLI (`petstore-mock`), `startPetstoreServer`,
// `serveWithDeno` and `serveWithBun`, all prepared by `prepareStartUp`.
import type { PetstoreApp } from "../core/app.js";
import { contract } from "../core/generated/contract.js";
import type { PetstoreFetchHandlerOptions } from "../serve/handler.js";
import type { PetstoreServerSettings } from "../serve/settings.js";

/** The host and port of the document's first server, the local mock (127.0.0.1:4010): every standalone server's default. */
export const DEFAULT_HOST = new URL(contract.defaultBaseUrl).hostname;
export const DEFAULT_PORT = Number(new URL(contract.defaultBaseUrl).port);

/** The options every standalone server takes, under the same names. */
export interface PetstoreStandaloneOptions extends PetstoreServerSettings {
  /** Interface to bind (default `127.0.0.1`: the mock is not exposed to the network unless asked). */
  host?: string;
  /** Port to bind; 0 picks a free one (default 4010, the document's first server). */
  port?: number;
  /**
   * Accepts the public demo key `petstore-demo-key` on a `host` beyond loopback, on purpose (a public
   * sandbox). Without it and without `apiKeys`, a mock bound beyond loopback refuses the demo key with a
   * 401 that says to pass `apiKeys`; on loopback the demo key needs nothing.
   */
  allowDemoKey?: boolean;
  /**
   * Keeps every session's data in this file, as `petstore-mock --state FILE` does, in the same format
   * (`StateFile` of openapi/control.yaml; a file of one snapshot loads as `default`): loaded at start (a new
   * file is created from the start data), every change written back within 250 ms and on `close()`. A file
   * that is not a state file, or holds more than `sessionLimits` allow, stops the start, untouched.
   */
  state?: string;
  /** Told when a change could not be written to the state file (it is tried again with the next change); default: printed to stderr. */
  onStateWriteError?: (error: Error) => void;
}

/** What `serveWithDeno` and `serveWithBun` take: the standalone options, and the Fetch handler's own. */
export interface PetstoreRuntimeServerOptions
  extends PetstoreStandaloneOptions,
    Pick<PetstoreFetchHandlerOptions, "control" | "reference"> {}

/** What every standalone server resolves with once it listens. */
export interface ServedPetstoreMock {
  /** `http://HOST:PORT`, the base URL to give clients. */
  readonly url: string;
  readonly port: number;
  /** The mock being served: its `store` (the default session's) and `sessions`. */
  readonly app: PetstoreApp;
  /** With `state`: the file, and whether the data came from it (false: it was created from the start data). */
  readonly state?: { readonly path: string; readonly loaded: boolean };
  /**
   * Stops accepting connections, lets requests in flight finish, writes the state file one last time,
   * and resolves once all of that is done. Where the runtime allows it, `graceMs` bounds the wait.
   */
  close(options?: { graceMs?: number }): Promise<void>;
}
