import { isIP } from "./access-policy.js";

/** `http://HOST:PORT` of a host and port, with IPv6 addresses in brackets: a served mock's base URL. */
export const httpUrl = (host: string, port: number) => `http://${host.includes(":") ? `[${host}]` : host}:${port}`;

/**
 * The base URL of the links (`Location`, `Link`) of a server bound to `host` and listening on `port`: its own
 * address; undefined when bound to every interface (`0.0.0.0`, `::`), where it has no one name and links use the
 * address each client connected to.
 */
export function ownBaseUrl(host: string, port: number): string | undefined {
  return isIP(host) !== 0 && /^[0.:]+$/.test(host) ? undefined : httpUrl(host, port);
}
