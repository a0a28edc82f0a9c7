#!/usr/bin/env node
// Builds the static API reference (docs/dist/): @petstore/mock's built reference (Swagger UI over the
// document, try-it answered by the mock in a Service Worker) and the source document for download.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { documentPath, operations } from "@petstore/contract";

const require = createRequire(import.meta.url);
export const DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));
/** What `pnpm build` of @petstore/mock writes: the same page petstore-mock serves at /docs/. */
export const MOCK_REFERENCE_DIR = path.join(
  path.dirname(require.resolve("@petstore/mock/package.json")),
  "dist/reference",
);

/**
 * Copies the reference into `outDir` (index.html, its scripts, mockServiceWorker.js, openapi.json and the
 * source petstore.yaml) and resolves with its figures.
 * @example const { dir, kib } = await buildDocs();
 * @see docs/api-reference.md
 */
export async function buildDocs({ outDir = DIST_DIR, quiet = false } = {}) {
  if (!existsSync(path.join(MOCK_REFERENCE_DIR, "index.html"))) {
    throw new Error(
      `${path.relative(process.cwd(), MOCK_REFERENCE_DIR)} is missing: build @petstore/mock first (pnpm build)`,
    );
  }
  // Screenshots of earlier test runs stay; the page's files are replaced whole.
  for (const name of existsSync(outDir) ? readdirSync(outDir) : []) {
    if (!name.endsWith(".png")) {
      rmSync(path.join(outDir, name), { recursive: true, force: true });
    }
  }
  cpSync(MOCK_REFERENCE_DIR, outDir, { recursive: true });
  cpSync(documentPath, path.join(outDir, "petstore.yaml"));
  const kib = Math.round(
    readdirSync(outDir)
      .filter((name) => !name.endsWith(".png"))
      .reduce((sum, name) => sum + statSync(path.join(outDir, name)).size, 0) / 1024,
  );
  if (!quiet) {
    console.log(
      `docs: ${path.relative(process.cwd(), outDir)}/ (${kib} KiB, ${operations.length} operations); serve it with pnpm docs:serve`,
    );
  }
  return { dir: outDir, kib, operations: operations.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildDocs().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
