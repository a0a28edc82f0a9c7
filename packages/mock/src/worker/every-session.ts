// What the Worker does between the session objects: forwards a request to its session's object and keeps the
// directory (see directory.ts) as the object says, and answers the list of sessions with every live one.

import { DEFAULT_SESSION } from "../core/sessions/session-name.js";
import type { SessionSummary } from "../core/sessions/types.js";
import { type DirectoryEntry, INTERNAL_HEADER, internalRequest, LISTED_HEADER } from "./directory.js";

/** The object of a session (`namespace.get(namespace.idFromName(name))`). */
export type SessionStub = (name: string) => { fetch(request: Request): Promise<Response> };

/** `request` without the internal header a client may have sent: only the Worker speaks to the objects so. */
export function fromClient(request: Request): Request {
  if (!request.headers.has(INTERNAL_HEADER)) {
    return request;
  }
  const headers = new Headers(request.headers);
  headers.delete(INTERNAL_HEADER);
  return new Request(request, { headers });
}

/** Whether a request is the list of sessions (`listSessions`), which every session's object contributes to. */
export const isSessionList = (request: Request) =>
  request.method.toUpperCase() === "GET" && new URL(request.url).pathname === "/__petstore/sessions";

/** `response` without the object's header for the Worker. */
function withoutListed(response: Response): Response {
  const copy = new Response(response.body, response);
  copy.headers.delete(LISTED_HEADER);
  return copy;
}

/**
 * Forwards `request` to the object of `session`; when the object says its session was stored or has gone,
 * adds it to the directory or removes it, before the response leaves (so a list right after shows it).
 */
export async function forward(request: Request, session: string, stub: SessionStub): Promise<Response> {
  const response = await stub(session).fetch(request);
  const listed = response.headers.get(LISTED_HEADER);
  if (listed === null) {
    return response;
  }
  const operation = listed === "added" ? "add" : "remove";
  // The directory is for the list only: a failure to reach it must not fail the request that changed the session.
  await stub(DEFAULT_SESSION)
    .fetch(internalRequest(operation, session))
    .catch(() => undefined);
  return withoutListed(response);
}

/**
 * The list of sessions: `default`'s, as its object answers it (with its headers: CORS, …), then every named
 * session of the directory as its own object counts it, in the order they were first stored. A session whose
 * object holds nothing any more (its idle alarm deleted it) leaves the directory.
 */
export async function listEverySession(request: Request, stub: SessionStub): Promise<Response> {
  const directory = stub(DEFAULT_SESSION);
  const own = await directory.fetch(request);
  if (own.status !== 200) {
    return own;
  }
  const listed = (await (await directory.fetch(internalRequest("list"))).json()) as DirectoryEntry[];
  const summaries = await Promise.all(
    listed.map(async ({ name, createdAt }) => {
      const answer = await stub(name).fetch(internalRequest("summary", name));
      if (answer.status === 404) {
        await directory.fetch(internalRequest("remove", name));
      }
      if (answer.status !== 200) {
        return undefined;
      }
      const summary = (await answer.json()) as SessionSummary;
      return { ...summary, createdAt: new Date(createdAt).toISOString() };
    }),
  );
  const sessions = [
    ...((await own.json()) as SessionSummary[]),
    ...summaries.filter((summary) => summary !== undefined),
  ];
  const headers = new Headers(own.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(sessions), { status: 200, headers });
}
