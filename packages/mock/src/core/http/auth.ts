import { contract } from "../generated/contract.js";
import { ApiError } from "./errors.js";

const BEARER = /^Bearer[ ]+([^\s]+)[ ]*$/i;

export const unauthorized = (message: string) =>
  new ApiError(401, "UNAUTHORIZED", message, { "WWW-Authenticate": contract.wwwAuthenticate });

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
