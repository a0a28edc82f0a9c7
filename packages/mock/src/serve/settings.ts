import type { PetstoreMockOptions } from "../core/app.js";
import type { ExchangeObserver, PetstoreExchange } from "../core/inspect/exchanges.js";
import { DEFAULT_SESSION } from "../core/sessions/session-name.js";

/** @deprecated The one exchange record, under the name `onResponse` used: `PetstoreExchange`. */
export type ServedExchange = PetstoreExchange;

/** The log line of an answered request, as `petstore-mock --log` prints it. */
export const logLine = ({ method, url, status, operationId, session, ms }: PetstoreExchange): string =>
  `${method} ${url} ${status} ${operationId ?? "-"} ${ms.toFixed(1)}ms${session === DEFAULT_SESSION ? "" : ` session=${session}`}`;

/**
 * What every server of the mock takes, under the same names: `startPetstoreServer` (node:http),
 * `createPetstoreFetchHandler` (the Fetch API), `serveWithDeno`, `serveWithBun`; the Worker reads the same from its env.
 */
export interface PetstoreServerSettings extends PetstoreMockOptions {
  /** Host names answered besides IP addresses and `localhost` (`.example.com` adds its subdomains, `*` any name). */
  allowedHosts?: readonly string[];
  /** Origins whose pages may call the mock besides loopback ones, such as `https://app.example.com` (`*` for any). */
  corsOrigins?: readonly string[];
  /** Extra delay before every response, in milliseconds, on top of any `Prefer: delay`. */
  delayMs?: number;
  /**
   * Called after each response of this server with its record (`PetstoreExchange`, the record `app.observe` and
   * `observeResponses` give), the answers the server gives by itself (a refused Host, `/docs/`, the control API) too.
   */
  onResponse?: ExchangeObserver;
  /**
   * One line per request on stdout, `METHOD PATH STATUS OPERATION TIME` then `session=NAME` (the CLI's `--log`), or
   * to a function of yours: the same record as `onResponse`, as a line.
   */
  log?: boolean | ((line: string) => void);
  /** Told of a failure the mock did not expect (answered `500 INTERNAL_ERROR`); default: printed to stderr. */
  onUnexpectedError?: (error: unknown) => void;
}
