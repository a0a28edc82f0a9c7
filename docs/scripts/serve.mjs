#!/usr/bin/env node
// Serves the built reference (docs/dist) on 127.0.0.1: `node docs/scripts/serve.mjs [--port 8080] [--host 127.0.0.1]`.
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DIST_DIR } from "./build.mjs";

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".yaml": "application/yaml; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
};

/**
 * Starts a static file server for `root`; paths without a file extension fall back to index.html.
 * @example const server = await startStaticServer({ port: 0 }); console.log(server.url); await server.close();
 * @see docs/api-reference.md
 */
export async function startStaticServer({ root = DIST_DIR, host = "127.0.0.1", port = 0 } = {}) {
  const base = path.resolve(root);
  const server = http.createServer(async (request, response) => {
    if (request.method !== "GET" && request.method !== "HEAD") {
      response.writeHead(405, { allow: "GET, HEAD" }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? "/", "http://localhost").pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    let file = path.join(base, pathname);
    if (file !== base && !file.startsWith(base + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    const info = await stat(file).catch(() => null);
    if (info?.isDirectory()) {
      file = path.join(file, "index.html");
    } else if (!info && path.extname(pathname) === "") {
      file = path.join(base, "index.html");
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        "content-type": TYPES[path.extname(file)] ?? "application/octet-stream",
        "content-length": body.length,
        "cache-control": "no-cache",
      });
      response.end(request.method === "HEAD" ? undefined : body);
    } catch {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("not found\n");
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${address.port}/`;
  return {
    url,
    port: address.port,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      port: { type: "string", default: process.env.PORT ?? "8080" },
      host: { type: "string", default: "127.0.0.1" },
    },
  });
  if (!existsSync(path.join(DIST_DIR, "index.html"))) {
    console.error("docs/dist/index.html is missing: build the reference first with `pnpm docs:build`.");
    process.exit(1);
  }
  const server = await startStaticServer({ host: values.host, port: Number(values.port) });
  // Handlers first: a Ctrl-C that follows the URL line at once must still find them.
  const stop = () => server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  console.log(`API reference: ${server.url} (Ctrl+C to stop)`);
}
