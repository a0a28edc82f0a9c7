// Test plumbing for the end-to-end test: build the page and serve it as static files (Chromium comes from
// @petstore/testing).
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, normalize, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

export const exampleRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds the page with `vite build` into a fresh temporary folder, as `pnpm build` does. vitest sets
 * NODE_ENV=test, and Vite would then bundle React's development build (StrictMode double effects and all):
 * NODE_ENV is `production` for the build, like any other variable of `env`, for this build only.
 */
export async function buildApp(env: Record<string, string> = {}): Promise<{ dir: string; remove(): Promise<void> }> {
  env = { NODE_ENV: "production", ...env };
  const dir = await mkdtemp(join(tmpdir(), "petstore-react-app-"));
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    await build({
      root: exampleRoot,
      logLevel: "warn",
      build: { outDir: dir, emptyOutDir: true, reportCompressedSize: false },
    });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) {
        delete process.env[key];
      } else {
        process.env[key] = value;
      }
    }
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
};

/** Serves a built app from `dir` on 127.0.0.1 and a free port, like any static host would. */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    const file = normalize(join(dir, path.endsWith("/") ? `${path}index.html` : path));
    if (!file.startsWith(dir + sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { "Content-Type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end(`${path} not found`);
    }
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
