import type { PetstoreMockOptions } from "../core/app.js";

/** One answered request, as the servers report it after each response (the CLI's `--log` line). */
export interface ServedExchange {
  method: string;
  /** The request target as sent (path and query, or an absolute-form URL). */
  url: string;
  status: number;
  /** The operation that answered, when the route matched one. */
  operationId?: string;
  /** The request's `X-Petstore-Session`, when it has one. */
  session?: string;
  ms: number;
}

/** The log line of an answered request, as `petstore-mock --log` prints it. */
export const logLine = ({ method, url, status, operationId, session, ms }: ServedExchange): string =>
  `${method} ${url} ${status} ${operationId ?? "-"} ${ms.toFixed(1)}ms${session === undefined ? "" : ` session=${session}`}`;

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
  /** Called after each response, e.g. to log it. */
  onResponse?: (exchange: ServedExchange) => void;
  /**
   * One line per request on stdout, `METHOD PATH STATUS OPERATION TIME` then `session=NAME` (the CLI's `--log`), or
   * to a function of yours.
   */
  log?: boolean | ((line: string) => void);
  /** Told of a failure the mock did not expect (answered `500 INTERNAL_ERROR`); default: printed to stderr. */
  onUnexpectedError?: (error: unknown) => void;
}
