// The API reference at /docs on a standalone server: the built page (dist/reference) with try-it aimed at
// this same server. The page needs no key; the API behind it still does. Runtime-neutral: the server
// hands it a way to read the build's files (node:fs on Node, Deno and Bun).
import { MockApiError } from "../core/http/errors.js";
import { TRY_IT_FILE, type TryItTarget } from "../core/try-it-target.js";

export const REFERENCE_PATH = "/docs";

const CONTENT_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json; charset=utf-8",
};

/** The built reference's files: `read(name)` resolves with a flat file of the build, or null if there is none. */
export interface ReferenceFiles {
  read(name: string): Promise<Uint8Array | string | null>;
  /** Where the build is looked for, for the message when it is missing. */
  readonly where: string;
}

/** What the reference answers: a file, a redirect, or an Error (`error`). */
export interface ReferenceAnswer {
  status: number;
  headers: Record<string, string>;
  file?: Uint8Array | string;
  error?: MockApiError;
}

export interface ReferenceRoute {
  /** Whether `path` (without its query) belongs to the reference rather than to the API. */
  owns(path: string): boolean;
  serve(method: string, path: string, baseUrl: string): Promise<ReferenceAnswer>;
}

const byteLength = (file: Uint8Array | string) =>
  typeof file === "string" ? new TextEncoder().encode(file).byteLength : file.byteLength;

/**
 * Serves the reference of `files`. `apiKey` is the key the page fills in, only ever the public demo
 * key: a key of the user's own is not handed to whoever can open the page.
 */
export function referenceRoute(files: ReferenceFiles, apiKey: string | null): ReferenceRoute {
  const cache = new Map<string, Promise<Uint8Array | string | null>>();
  const read = (name: string) => {
    let file = cache.get(name);
    if (!file) {
      file = files.read(name).catch(() => null);
      cache.set(name, file);
    }
    return file;
  };
  const refuse = (error: MockApiError): ReferenceAnswer => ({ status: error.status, headers: error.headers, error });
  return {
    owns: (requested) => requested === REFERENCE_PATH || requested.startsWith(`${REFERENCE_PATH}/`),
    async serve(method, requested, baseUrl) {
      if (method !== "GET" && method !== "HEAD") {
        const message = `the API reference at ${REFERENCE_PATH}/ answers GET and HEAD only`;
        return refuse(new MockApiError(405, "METHOD_NOT_ALLOWED", message, { Allow: "GET, HEAD" }));
      }
      if (requested === REFERENCE_PATH) {
        return { status: 308, headers: { Location: `${REFERENCE_PATH}/` } };
      }
      const name = requested.slice(REFERENCE_PATH.length + 1) || "index.html";
      let file: Uint8Array | string | null;
      if (name === TRY_IT_FILE) {
        const target: TryItTarget = { mode: "server", url: baseUrl, apiKey };
        file = JSON.stringify(target);
      } else {
        // Only the flat files of the build: no sub-folders, no way out of it.
        file = /^[\w.-]+$/.test(name) && !name.startsWith(".") ? await read(name) : null;
      }
      if (file === null) {
        const missing = (await read("index.html")) === null;
        const message = missing
          ? `the API reference is not built into ${files.where}; build @petstore/mock (pnpm build) to serve it at ${REFERENCE_PATH}/`
          : `the API reference has no file ${JSON.stringify(name)}; open ${REFERENCE_PATH}/`;
        return refuse(new MockApiError(404, "ROUTE_NOT_FOUND", message));
      }
      const extension = name.slice(name.lastIndexOf(".") + 1);
      return {
        status: 200,
        headers: {
          "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
          "Content-Length": String(byteLength(file)),
          "Cache-Control": "no-cache",
          "X-Content-Type-Options": "nosniff",
        },
        file,
      };
    },
  };
}
