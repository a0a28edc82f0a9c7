// Builds the browser example's page (@petstore/example-browser-app, unchanged) for these tests, with one difference: the
// API base URL, which that app reads from VITE_PETSTORE_BASE_URL at build time, is read at run time from
// `globalThis.__PETSTORE_BASE_URL__`, which each test sets to its own mock's URL (test/fixtures.ts). Unset,
// the page falls back to the app's Service Worker mock.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// The browser example's folder, found as Node finds the package (a devDependency of this one).
const browserApp = dirname(createRequire(import.meta.url).resolve("@petstore/example-browser-app/package.json"));

export default defineConfig({
  root: browserApp,
  envDir: here("."), // not the browser app's .env files: the tests choose the API
  cacheDir: here("node_modules/.vite"),
  define: { "import.meta.env.VITE_PETSTORE_BASE_URL": "globalThis.__PETSTORE_BASE_URL__" },
  build: { target: "es2022", outDir: here("dist"), emptyOutDir: true },
  // 127.0.0.1 only, on a port the system picks; Playwright reads it from the printed URL.
  preview: { host: "127.0.0.1", port: 0, strictPort: true },
});
