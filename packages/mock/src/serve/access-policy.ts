// Who may talk to a served mock (node:http, Deno, Bun, a Worker): the Host allow-list (against DNS
// rebinding) and the CORS policy (which browser pages may read its answers). Both are described in
// openapi/petstore.yaml. Runtime-neutral: no Node module is imported.
import { contract, operations } from "../core/generated/contract.js";

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/** 4 or 6 for an IP address, 0 for anything else (node:net's `isIP`, without node:net). */
export function isIP(name: string): 0 | 4 | 6 {
  if (IPV4.test(name)) {
    return 4;
  }
  // The URL parser accepts exactly the IPv6 literals (and normalises them), so it is the check.
  return name.includes(":") && /^[0-9a-f:.]+$/i.test(name) && URL.canParse(`http://[${name}]/`) ? 6 : 0;
}

/** The value of `allowedHosts` or `corsOrigins` that lets everything through. */
export const ANY = "*";

/**
 * The host name of a `Host` header or of the authority of an absolute-form request target:
 * lower-cased, without the port, brackets or a trailing dot; null when it is not a host name.
 */
export function hostName(authority: string): string | null {
  const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9._-]+))(?::\d*)?$/i.exec(authority);
  if (!match) {
    return null;
  }
  const name = (match[1] ?? match[2]!).toLowerCase().replace(/\.$/, "");
  return match[1] !== undefined && isIP(name) !== 6 ? null : name;
}

/** An `allowedHosts` entry in its canonical form, or null when it cannot name a host. */
export function normalizeAllowedHost(entry: string): string | null {
  if (entry === ANY) {
    return ANY;
  }
  const name = hostName(entry.startsWith(".") ? entry.slice(1) : entry);
  return name && (entry.startsWith(".") ? `.${name}` : name);
}

/**
 * Decides whether a host name is one the server answers to: any IP address (a DNS rebinding attack
 * needs a name), `localhost` and its subdomains, the bound host, and the allowed hosts (`.example.com`
 * also allows its subdomains; `*` allows any host).
 */
export function hostAllowList(allowedHosts: readonly string[], boundHost?: string): (name: string) => boolean {
  const entries = allowedHosts.map((entry) => {
    const normalized = normalizeAllowedHost(entry);
    if (!normalized) {
      throw new TypeError(`allowedHosts: ${JSON.stringify(entry)} is not a host name`);
    }
    return normalized;
  });
  if (entries.includes(ANY)) {
    return () => true;
  }
  const exact = new Set(entries.filter((entry) => !entry.startsWith(".")));
  const bound = boundHost === undefined ? null : hostName(boundHost);
  if (bound) {
    exact.add(bound);
  }
  const suffixes = entries.filter((entry) => entry.startsWith("."));
  return (name) =>
    exact.has(name) ||
    isIP(name) !== 0 ||
    name === "localhost" ||
    name.endsWith(".localhost") ||
    suffixes.some((suffix) => name.endsWith(suffix) || name === suffix.slice(1));
}

/** Pages served from these origins may always call the server: the developer's own machine. */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:(?:[a-z0-9-]+\.)*localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/;

/** A `corsOrigins` entry in its canonical form (`scheme://host[:port]`, lower case), or null. */
export function normalizeCorsOrigin(entry: string): string | null {
  if (entry === ANY) {
    return ANY;
  }
  const trimmed = entry.replace(/\/$/, "");
  try {
    const { origin } = new URL(trimmed);
    return origin === trimmed.toLowerCase() && origin !== "null" ? origin : null;
  } catch {
    return null;
  }
}

// `Allow` comes with the 405 answers, which belong to no operation of the document.
const EXPOSED_HEADERS = [...contract.responseHeaders, "Allow"].join(", ");
const ALLOWED_METHODS = [...new Set(operations.map((operation) => operation.method)), "OPTIONS"].join(", ");
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;

export interface CorsPolicy {
  /** The CORS headers of an ordinary response to a request with this `Origin`, as a flat name/value list. */
  responseHeaders(origin: string | undefined): string[];
  /** The headers of the answer to a preflight (`OPTIONS`) request. */
  preflightHeaders(origin: string | undefined, requestedHeaders: string | undefined): Record<string, string>;
}

/**
 * The CORS policy: loopback origins on any port, the given origins, or every origin with `*`. An
 * allowed origin is echoed with `Vary: Origin`; credentials are never allowed.
 */
export function corsPolicy(corsOrigins: readonly string[]): CorsPolicy {
  const origins = new Set(
    corsOrigins.map((entry) => {
      const normalized = normalizeCorsOrigin(entry);
      if (!normalized) {
        throw new TypeError(`corsOrigins: ${JSON.stringify(entry)} is not an origin such as https://app.example.com`);
      }
      return normalized;
    }),
  );
  const anyOrigin = origins.has(ANY);
  const allowedOrigin = (origin: string | undefined): string | null => {
    if (anyOrigin) {
      return ANY;
    }
    return origin !== undefined && (LOOPBACK_ORIGIN.test(origin) || origins.has(origin)) ? origin : null;
  };
  const vary = anyOrigin ? [] : ["Vary", "Origin"];
  return {
    responseHeaders(origin) {
      const allowed = allowedOrigin(origin);
      return allowed
        ? [...vary, "Access-Control-Allow-Origin", allowed, "Access-Control-Expose-Headers", EXPOSED_HEADERS]
        : vary.slice();
    },
    preflightHeaders(origin, requestedHeaders) {
      const allowed = allowedOrigin(origin);
      const headers: Record<string, string> = anyOrigin
        ? {}
        : { Vary: "Origin, Access-Control-Request-Method, Access-Control-Request-Headers" };
      if (!allowed) {
        return headers;
      }
      headers["Access-Control-Allow-Origin"] = allowed;
      headers["Access-Control-Allow-Methods"] = ALLOWED_METHODS;
      const echoed = (requestedHeaders ?? "")
        .split(",")
        .map((name) => name.trim())
        .filter((name) => HEADER_NAME.test(name));
      if (echoed.length) {
        headers["Access-Control-Allow-Headers"] = echoed.join(", ");
      }
      headers["Access-Control-Max-Age"] = "600";
      return headers;
    },
  };
}

/** Splits an absolute-form request target (`http://host:port/path?query`) into its authority and the rest. */
export const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)(.*)$/i;

/**
 * The authority a Fetch API request names, and whether it came from its target: a runtime builds
 * `request.url` from an absolute-form target (Deno) or from `Host`. When the two differ, the target's
 * authority replaces `Host`, as node:http's server checks it (RFC 9112 §3.2.2).
 */
export function fetchRequestAuthority(
  url: URL,
  hostHeader: string | null,
  requireHostHeader: boolean,
): [authority: string | undefined, fromTarget: boolean] {
  if (hostHeader === null) {
    return [requireHostHeader ? undefined : url.host, false];
  }
  const asUrl = `${url.protocol}//${hostHeader}/`;
  const same = !URL.canParse(asUrl) || new URL(asUrl).host === url.host;
  return same ? [hostHeader, false] : [url.host, true];
}

const STANDALONE_HOW_TO_ALLOW = (name: string) =>
  `start petstore-mock with --allowed-host ${name} (the allowedHosts option of startPetstoreServer)`;

/** Why a request's host is refused, in words that say how to allow it; null when it is allowed. */
export function hostRefusal(
  authority: string | undefined,
  fromTarget: boolean,
  allowed: (name: string) => boolean,
  howToAllow: (name: string) => string = STANDALONE_HOW_TO_ALLOW,
) {
  const where = fromTarget ? "the host of the request target" : "the Host header";
  if (!authority) {
    return fromTarget
      ? "the request target names no host"
      : "the request has no Host header; send the host name and port of the server in it";
  }
  const name = hostName(authority);
  if (name === null) {
    return `${where} (${JSON.stringify(authority.slice(0, 100))}) is not a host name`;
  }
  if (allowed(name)) {
    return null;
  }
  return `${where} names ${JSON.stringify(name)}, which this server does not answer to; to allow it, ${howToAllow(name)}`;
}
