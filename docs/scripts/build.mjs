#!/usr/bin/env node
// Builds the static API reference (docs/dist/index.html) from openapi/petstore.yaml with Redoc (`redocly build-docs`).
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { document, documentPath, operations } from "@petstore/contract";
import { runToEnd } from "@petstore/testing/process";
import { codeSampleLanguages, DIST_DIR, presentationDocument, ROOT } from "./openapi.mjs";

const require = createRequire(import.meta.url);
const REDOCLY_CLI = path.join(path.dirname(require.resolve("@redocly/cli/package.json")), "bin/cli.js");

/**
 * Redoc's defaults that cut words the reader must copy: error codes such as `INVALID_CONTENT_TYPE`
 * wrap mid-word in narrow table columns, and the navigation caps badges at 90px ("Sunset 202…").
 */
const LAYOUT_FIXES = [
  "td code { white-space: nowrap; word-break: keep-all; }",
  'li [data-component-name="Tag/Tag"] { max-width: none !important; flex-shrink: 0; }',
].join("\n");

/**
 * Builds the reference into `outDir` (index.html, the source petstore.yaml) and resolves with its figures.
 * @example const { file, ms } = await buildDocs();
 * @see docs/README.md
 */
export async function buildDocs({ outDir = DIST_DIR, quiet = false } = {}) {
  const started = performance.now();
  mkdirSync(outDir, { recursive: true });
  copyFileSync(documentPath, path.join(outDir, "petstore.yaml"));

  // The presentation copy only adds x-badges; it lives outside the repository and is removed afterwards.
  const work = mkdtempSync(path.join(tmpdir(), "petstore-docs-"));
  const input = path.join(work, "petstore.json");
  writeFileSync(input, JSON.stringify(presentationDocument()));
  const options = {
    codeSamples: { languages: codeSampleLanguages() },
    downloadUrls: [{ title: "OpenAPI document (YAML)", url: "petstore.yaml" }],
  };
  const file = path.join(outDir, "index.html");
  const args = [
    REDOCLY_CLI,
    "build-docs",
    input,
    "--output",
    file,
    "--title",
    `${document.info.title} ${document.info.version} reference`,
    "--inlineBundle",
    "--openapi",
    JSON.stringify(options),
  ];
  try {
    // No telemetry from the CLI or from the built page, and no update notices.
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" };
    const { code, all: output } = await runToEnd(process.execPath, args, { cwd: ROOT, env });
    if (code !== 0) {
      throw new Error(`redocly build-docs exited with code ${code}:\n${output}`);
    }
    if (!quiet) {
      const notes = output
        .split("\n")
        .filter((line) => line.trim() !== "" && !/[║╔╚]/.test(line))
        .join("\n");
      console.log(notes);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  writeFileSync(
    file,
    readFileSync(file, "utf8").replace(/<\/head>(\s*<body)/, `<style>${LAYOUT_FIXES}</style></head>$1`),
  );
  const ms = Math.round(performance.now() - started);
  const kib = Math.round(statSync(file).size / 1024);
  if (!quiet) {
    console.log(
      `docs: ${path.relative(ROOT, file)} (${kib} KiB, ${operations.length} operations) built in ${(ms / 1000).toFixed(1)} s`,
    );
  }
  return { file, ms, kib, operations: operations.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildDocs().catch((error) => {
    console.error(error.message);
    process.exitCode = 1;
  });
}
