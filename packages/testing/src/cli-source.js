// @ts-check
// petstore-mock from its TypeScript source, for the mock's own tests, which must run before any build:
// src/cli.ts bundled by esbuild into one file that Node runs as it runs dist/cli.js. Packages stay
// imports, resolved from the mock's node_modules as the built CLI resolves them.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeFileAtomically } from "./atomic.js";

const require = createRequire(import.meta.url);

/** The mock's folder, found as Node finds the package (`@petstore/mock` is a dependency of this one). */
export const MOCK_DIR = dirname(require.resolve("@petstore/mock/package.json"));

// This package's own folder (gitignored). Its node_modules links to the mock's, so that the bundle's
// package imports resolve as they do from the mock.
const CACHE_DIR = fileURLToPath(new URL("../.cache/cli-source/", import.meta.url));

/** @type {string | undefined} */
let bundled;

/** The path of src/cli.ts bundled, built once per process and named after its content. */
export function bundledCliSource() {
  if (bundled === undefined) {
    // Loaded here, so that importing the CLI helper costs nothing to those who run the built CLI.
    /** @type {typeof import("esbuild")} */
    const esbuild = require("esbuild");
    const [output] = esbuild.buildSync({
      entryPoints: [join(MOCK_DIR, "src/cli.ts")],
      absWorkingDir: MOCK_DIR,
      bundle: true,
      packages: "external",
      platform: "node",
      format: "esm",
      target: "node20",
      write: false,
      logLevel: "silent",
    }).outputFiles;
    const code = /** @type {NonNullable<typeof output>} */ (output).contents;
    const file = join(CACHE_DIR, `cli-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
    mkdirSync(CACHE_DIR, { recursive: true });
    linkModules();
    if (!existsSync(file)) {
      // Test workers bundle at the same time.
      writeFileAtomically(file, code);
    }
    bundled = file;
  }
  return bundled;
}

/** Links the cache's node_modules to the mock's; another worker may have linked it first. */
function linkModules() {
  try {
    symlinkSync(join(MOCK_DIR, "node_modules"), join(CACHE_DIR, "node_modules"), "junction");
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== "EEXIST") {
      throw error;
    }
  }
}
