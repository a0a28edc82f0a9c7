// @ts-check
// petstore-mock from its TypeScript source, for the mock's own tests, which must run before any build:
// src/cli.ts bundled by esbuild into one file that Node runs as it runs dist/cli.js. Packages stay
// imports, resolved from packages/mock as the built CLI resolves them.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const MOCK_DIR = fileURLToPath(new URL("../../mock/", import.meta.url));
// Inside packages/mock, so that the bundle's package imports resolve from the mock's node_modules.
const CACHE_DIR = join(MOCK_DIR, "node_modules/.cache/petstore-testing");

/** @type {string | undefined} */
let bundled;

/** The path of src/cli.ts bundled, built once per process and named after its content. */
export function bundledCliSource() {
  if (bundled === undefined) {
    // Loaded here, so that importing the CLI helper costs nothing to those who run the built CLI.
    /** @type {typeof import("esbuild")} */
    const esbuild = createRequire(import.meta.url)("esbuild");
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
    if (!existsSync(file)) {
      // Test workers bundle at the same time: each writes its own file and renames it into place.
      mkdirSync(CACHE_DIR, { recursive: true });
      const temporary = `${file}.${process.pid}`;
      writeFileSync(temporary, code);
      renameSync(temporary, file);
    }
    bundled = file;
  }
  return bundled;
}
