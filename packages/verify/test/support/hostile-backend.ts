// A backend on a real socket (127.0.0.1, a free port) that serves the four lists a capture reads, paged
// as the document pages them, and lets a test take over any request: to stall, trickle, loop, lie or
// flood. `close()` ends every connection, stalled ones too.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export const KEY = "hostile-backend-key";

export interface Lists {
  categories: unknown[];
  pets: unknown[];
  orders: unknown[];
  inventory: unknown[];
}

const PATHS: Record<string, keyof Lists> = {
  "/categories": "categories",
  "/pets": "pets",
  "/store/orders": "orders",
  "/store/inventory": "inventory",
};

/** One pet of category 1 with its inventory entry, and `orders` complete orders of one unit each. */
export function onePet(orders = 0): Lists {
  return {
    categories: [{ id: 1, name: "Dogs" }],
    pets: [{ id: 1, name: "Rex", categoryId: 1, status: "available" }],
    orders: Array.from({ length: orders }, (_, index) => ({ id: index + 1, petId: 1, quantity: 1, complete: true })),
    inventory: [{ petId: 1, quantity: 5, status: "available" }],
  };
}

/** Takes over a request: returns true when it answered (or chose never to). */
export type Takeover = (request: IncomingMessage, response: ServerResponse, url: URL) => boolean;

/** A takeover of the requests to `path` alone, answered by `answer` (which may never answer). */
export const onPath =
  (path: string, answer: (response: ServerResponse, url: URL) => void): Takeover =>
  (_request, response, url) => {
    if (url.pathname !== path) {
      return false;
    }
    answer(response, url);
    return true;
  };

export interface Backend {
  /** The base URL, `http://127.0.0.1:PORT` plus `basePath`. */
  url: string;
  /** Every request's path and query, in the order they came. */
  requests: string[];
  close(): Promise<void>;
}

/** Answers a list's page as the document pages it: `limit`, `offset`, `X-Total-Count`, `Link` rel=next. */
export function answerPage(
  response: ServerResponse,
  records: unknown[],
  url: URL,
  linkTo: (next: URL) => string = (next) => next.href,
): void {
  const limit = Math.min(100, Number(url.searchParams.get("limit") ?? 20));
  const offset = Number(url.searchParams.get("offset") ?? 0);
  const headers: Record<string, string> = { "content-type": "application/json", "x-total-count": `${records.length}` };
  const link = (to: number, rel: string) => {
    const target = new URL(url);
    target.searchParams.set("limit", `${limit}`);
    target.searchParams.set("offset", `${to}`);
    return `<${linkTo(target)}>; rel="${rel}"`;
  };
  const links = [
    ...(offset + limit < records.length ? [link(offset + limit, "next")] : []),
    ...(offset > 0 ? [link(Math.max(0, offset - limit), "prev")] : []),
  ];
  if (links.length > 0) {
    headers.link = links.join(", ");
  }
  response.writeHead(200, headers).end(JSON.stringify(records.slice(offset, offset + limit)));
}

export interface BackendOptions {
  takeover?: Takeover;
  /** The path the lists are below (`/api`). Default: none. */
  basePath?: string;
  /** The key it accepts. Default: `KEY`. */
  key?: string;
}

export async function startBackend(
  lists: Lists,
  { takeover, basePath = "", key = KEY }: BackendOptions = {},
): Promise<Backend> {
  const requests: string[] = [];
  let origin = "";
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", origin);
    requests.push(`${url.pathname}${url.search}`);
    if (takeover?.(request, response, url)) {
      return;
    }
    if (request.headers.authorization !== `Bearer ${key}`) {
      response.writeHead(401, { "content-type": "application/json", "www-authenticate": "Bearer" });
      response.end(JSON.stringify({ code: "UNAUTHORIZED", message: "the key is missing or unknown", status: 401 }));
      return;
    }
    const list = PATHS[url.pathname.slice(basePath.length)];
    if (!list) {
      response.writeHead(404, { "content-type": "application/json" });
      response.end(JSON.stringify({ code: "NOT_FOUND", message: "no such route", status: 404 }));
      return;
    }
    answerPage(response, lists[list], url);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${origin}${basePath}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
