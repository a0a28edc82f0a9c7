import { contract } from "../generated/contract.js";
import { shorten } from "../generated/shorten.js";
import { MockApiError } from "../http/errors.js";

/** The session that serves requests without the header; it always exists. */
export const DEFAULT_SESSION = "default";

const { name: HEADER, pattern, minLength, maxLength } = contract.sessionHeader;
const SESSION_NAME = new RegExp(pattern);

/** Whether `name` is a session name the document allows (the `X-Petstore-Session` header's schema). */
export const isSessionName = (name: string) =>
  name.length >= minLength && name.length <= maxLength && SESSION_NAME.test(name);

/** Refuses a name the header could not carry, with the 400 a malformed header gets. */
export function assertSessionName(name: string): void {
  if (typeof name !== "string" || !isSessionName(name)) {
    throw new MockApiError(
      400,
      "INVALID_PARAMETER",
      `session name ${typeof name === "string" ? JSON.stringify(shorten(name)) : String(name)} is not valid: like the ${HEADER} header, it must be ${minLength} to ${maxLength} letters, digits, '.', '_' or '-'`,
    );
  }
}
