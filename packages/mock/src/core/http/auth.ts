import { contract } from "../generated/contract.js";
import { MockApiError } from "./errors.js";

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

export const unauthorized = (message: string) =>
  new MockApiError(401, "UNAUTHORIZED", message, { "WWW-Authenticate": contract.wwwAuthenticate });

/** Whether `Authorization` names an accepted bearer key: what `authenticate` checks, without the 401. */
export function isAuthenticated(authorization: string | null, apiKeys: ReadonlySet<string>): boolean {
  const match = authorization ? BEARER.exec(authorization) : null;
  return match !== null && apiKeys.has(match[1]!);
}

/** Checks `Authorization: Bearer <key>` against the accepted keys; throws a 401 that says what is wrong. */
export function authenticate(authorization: string | null, apiKeys: ReadonlySet<string>): void {
  if (authorization === null || authorization === "") {
    throw unauthorized('the Authorization header is missing; send "Authorization: Bearer <key>"');
  }
  const match = BEARER.exec(authorization);
  if (!match) {
    throw unauthorized('the Authorization header must have the form "Bearer <key>"');
  }
  if (!apiKeys.has(match[1]!)) {
    throw unauthorized("the bearer key is not known to this server");
  }
}
