// The API reference at /docs on the standalone server: the built page (dist/reference) with try-it
// aimed at this same server. The page needs no key; the API behind it still does.
import { readFile } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import path from "node:path";
import { ApiError } from "../core/http/errors.js";
import type { MockResponse } from "../core/http/types.js";
import { TRY_IT_FILE, type TryItTarget } from "../core/try-it-target.js";

export const REFERENCE_PATH = "/docs";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
};

export interface ReferenceRoute {
  /** Whether `path` (without its query) belongs to the reference rather than to the API. */
  owns(path: string): boolean;
  /** Answers a request for the reference; an Error body when there is nothing to send. */
  serve(method: string, path: string, response: ServerResponse, baseUrl: string): Promise<number>;
}

/**
 * Serves the reference built into `dir`. `apiKey` is the key the page fills in, only ever the public
 * demo key: a key of the user's own is not handed to whoever can open the page.
 */
export function referenceRoute(dir: string, apiKey: string | null): ReferenceRoute {
  const files = new Map<string, Promise<Buffer | null>>();
  const read = (name: string) => {
    let file = files.get(name);
    if (!file) {
      file = readFile(path.join(dir, name)).catch(() => null);
      files.set(name, file);
    }
    return file;
  };
  const refuse = (response: ServerResponse, error: ApiError, headers: Record<string, string> = {}) => {
    const result: MockResponse = error.toResponse();
    const payload = JSON.stringify(result.body);
    response.writeHead(result.status, { ...headers, "Content-Type": "application/json" }).end(payload);
    return result.status;
  };
  return {
    owns: (requested) => requested === REFERENCE_PATH || requested.startsWith(`${REFERENCE_PATH}/`),
    async serve(method, requested, response, baseUrl) {
      if (method !== "GET" && method !== "HEAD") {
        return refuse(
          response,
          new ApiError(405, "METHOD_NOT_ALLOWED", `the API reference at ${REFERENCE_PATH}/ answers GET and HEAD only`),
          { Allow: "GET, HEAD" },
        );
      }
      if (requested === REFERENCE_PATH) {
        response.writeHead(308, { Location: `${REFERENCE_PATH}/` }).end();
        return 308;
      }
      const name = requested.slice(REFERENCE_PATH.length + 1) || "index.html";
      let body: Buffer | string | null;
      if (name === TRY_IT_FILE) {
        const target: TryItTarget = { mode: "server", url: baseUrl, apiKey };
        body = JSON.stringify(target);
      } else {
        // Only the flat files of the build: no sub-folders, no way out of it.
        body = /^[\w.-]+$/.test(name) && !name.startsWith(".") ? await read(name) : null;
      }
      if (body === null) {
        const missing = (await read("index.html")) === null;
        return refuse(
          response,
          new ApiError(
            404,
            "ROUTE_NOT_FOUND",
            missing
              ? `the API reference is not built into ${dir}; build @petstore/mock (pnpm build) to serve it at ${REFERENCE_PATH}/`
              : `the API reference has no file ${JSON.stringify(name)}; open ${REFERENCE_PATH}/`,
          ),
        );
      }
      response.writeHead(200, {
        "Content-Type": CONTENT_TYPES[path.extname(name)] ?? "application/octet-stream",
        "Content-Length": String(Buffer.byteLength(body)),
        "Cache-Control": "no-cache",
        "X-Content-Type-Options": "nosniff",
      });
      response.end(method === "HEAD" ? undefined : body);
      return 200;
    },
  };
}
