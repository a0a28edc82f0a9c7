// Authentication first (DESIGN.md 1.3): a server reads a request's body only once the answer can depend on it.
import { isAuthenticated } from "./auth.js";
import type { MockRequest } from "./types.js";

/** What a server knows of a request before it reads the body. */
export type RequestHead = Pick<MockRequest, "method" | "path" | "header">;

/**
 * Whether the answer to a request can depend on its body: the route has an operation and the key is
 * accepted. Otherwise the answer (404, 405, 401) comes before the body is looked at, and is the same
 * without it, so a server does not read it: a request without a valid key costs no memory for its body.
 */
export function bodyMatters(
  route: (method: string, path: string) => { operation: unknown },
  apiKeys: ReadonlySet<string>,
  head: RequestHead,
): boolean {
  return (
    route(head.method, head.path).operation !== undefined && isAuthenticated(head.header("authorization"), apiKeys)
  );
}
