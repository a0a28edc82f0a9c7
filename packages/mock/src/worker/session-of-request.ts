import { isControlPath } from "../core/control/handler.js";
import { requestedSession } from "../core/http/session-header.js";
import { DEFAULT_SESSION, isSessionName } from "../core/sessions/session-name.js";

/** A control path that names a session: `/__petstore/sessions/{name}` and below. */
const CONTROL_SESSION = /^\/__petstore\/sessions\/([^/]+)(?:\/|$)/;

/**
 * The session whose Durable Object serves a request: on a control path (`/__petstore/`) the session it
 * names, or `default` (the list); elsewhere the `X-Petstore-Session` header's, else `default`. A malformed
 * name goes to `default`, whose mock answers it `400 INVALID_PARAMETER` as every adapter does; nothing is
 * created for it.
 */
export function sessionOfRequest(request: Request): string {
  const path = new URL(request.url).pathname;
  const control = CONTROL_SESSION.exec(path);
  let name: string | null = isControlPath(path) ? null : requestedSession((name) => request.headers.get(name));
  if (control) {
    try {
      name = decodeURIComponent(control[1]!);
    } catch {
      name = null;
    }
  }
  return name !== null && isSessionName(name) ? name : DEFAULT_SESSION;
}
