// The one reader of a request's session header (`X-Petstore-Session`): every server, the app, its log and the
// header's validation read the session here, so that no two of them can disagree on its spelling or case.
import { contract } from "../generated/contract.js";

/** The header that picks a session's store, as the document spells it. */
export const SESSION_HEADER = contract.sessionHeader.name;

/** Reads a header case-insensitively (`MockRequest.header`, `Headers.get`). */
export type HeaderReader = (name: string) => string | null;

/** The session the request names, as sent (not yet checked against the document); null when it names none. */
export function requestedSession(header: HeaderReader): string | null {
  return header(SESSION_HEADER);
}
