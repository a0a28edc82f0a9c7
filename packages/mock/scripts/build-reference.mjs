#!/usr/bin/env node
// Builds the API reference into dist/reference/: Swagger UI over a presentation copy of the document,
// our plugins and page script, and msw's Service Worker for the in-page mock. petstore-mock serves
// this folder at /docs; `pnpm docs:build` copies it as the static reference.
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { at, document, operations } from "@petstore/contract";
import { build } from "esbuild";

const require = createRequire(import.meta.url);
const PACKAGE = fileURLToPath(new URL("..", import.meta.url));
const SOURCE = path.join(PACKAGE, "reference");
export const REFERENCE_DIR = path.join(PACKAGE, "dist/reference");

/** Badge text and colour per `x-stability` value. */
const STABILITY_BADGES = {
  beta: { name: "Beta", color: "blue" },
  experimental: { name: "Experimental", color: "orange" },
  alpha: { name: "Alpha", color: "orange" },
};

/**
 * Swagger UI fills try-it inputs with examples (the parameter's, else its schema's), so a first "Execute"
 * of GET /pets would send every filter and a `Prefer: delay`. An optional parameter's example moves into
 * its description instead, and its schema is inlined without one.
 */
function exampleIntoDescription(parameter, document) {
  if (parameter.$ref || parameter.required) {
    return;
  }
  const schema = parameter.schema?.$ref ? { ...at(parameter.schema.$ref, document) } : { ...parameter.schema };
  const example = parameter.example ?? schema.example;
  delete schema.example;
  parameter.schema = schema;
  if (example !== undefined) {
    const shown = Array.isArray(example) ? example.join(", ") : String(example);
    parameter.description = `${parameter.description ?? ""}\n\nExample: \`${shown}\``.trim();
    delete parameter.example;
  }
}

/**
 * A copy of the document for the page: presentation-only `x-badges` (from `x-stability`, and for
 * deprecated operations "Deprecated" and the date of their `Sunset` header), and optional parameters'
 * examples in their descriptions. The source document is not changed.
 * @returns {Record<string, unknown>}
 */
export function presentationDocument() {
  const copy = structuredClone(document);
  for (const parameter of Object.values(copy.components?.parameters ?? {})) {
    exampleIntoDescription(parameter, copy);
  }
  for (const op of operations) {
    const target = at(op.pointer, copy);
    for (const parameter of target.parameters ?? []) {
      exampleIntoDescription(parameter, copy);
    }
    const badges = [...(target["x-badges"] ?? [])];
    if (op.stability !== "stable") {
      badges.push(STABILITY_BADGES[op.stability] ?? { name: op.stability, color: "grey" });
    }
    if (op.deprecated) {
      badges.push({ name: "Deprecated", color: "red" });
      if (op.sunset) {
        badges.push({ name: `Sunset ${op.sunset}`, color: "red" });
      }
    }
    if (badges.length > 0) {
      target["x-badges"] = badges;
    }
  }
  return copy;
}

/** Builds the reference into `outDir` (default dist/reference) and resolves with what it wrote. */
export async function buildReference({ outDir = REFERENCE_DIR } = {}) {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: [path.join(SOURCE, "page.ts")],
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    logLevel: "error",
  });
  const swaggerUi = path.dirname(require.resolve("swagger-ui-dist/package.json"));
  for (const file of ["swagger-ui-bundle.js", "swagger-ui.css"]) {
    copyFileSync(path.join(swaggerUi, file), path.join(outDir, file));
  }
  copyFileSync(require.resolve("msw/mockServiceWorker.js"), path.join(outDir, "mockServiceWorker.js"));
  copyFileSync(path.join(SOURCE, "page.css"), path.join(outDir, "page.css"));
  const title = `${document.info.title} ${document.info.version} reference`;
  writeFileSync(
    path.join(outDir, "index.html"),
    readFileSync(path.join(SOURCE, "page.html"), "utf8").replace("%TITLE%", title),
  );
  writeFileSync(path.join(outDir, "openapi.json"), JSON.stringify(presentationDocument()));
  // The static page answers try-it itself (src/core/try-it-target.ts); petstore-mock answers this file anew.
  writeFileSync(path.join(outDir, "try-it.json"), JSON.stringify({ mode: "in-page" }));
  return { outDir, operations: operations.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildReference().catch((error) => {
    console.error(`build-reference: ${error.message}`);
    process.exitCode = 1;
  });
}
