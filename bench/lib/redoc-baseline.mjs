// The API reference as it was before Swagger UI (the baseline of bench/reference.mjs): one Redoc page
// built by `redocly build-docs` from a presentation copy of the document, exactly as docs/ built it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { at, document, operations } from "@petstore/contract";
import { kept } from "@petstore/testing/kept";
import { runToEnd } from "@petstore/testing/process";
import { ROOT } from "./common.mjs";

const REDOCLY_CLI = path.join(
  path.dirname(createRequire(`${ROOT}package.json`).resolve("@redocly/cli/package.json")),
  "bin/cli.js",
);

/** Badge text and colour per `x-stability` value (Redoc's named badge colours). */
const STABILITY_BADGES = {
  beta: { name: "Beta", color: "blue" },
  experimental: { name: "Experimental", color: "orange" },
  alpha: { name: "Alpha", color: "orange" },
};

/** Redoc's defaults that cut words the reader must copy (error codes, "Sunset 202…" badges). */
const LAYOUT_FIXES = [
  "td code { white-space: nowrap; word-break: keep-all; }",
  'li [data-component-name="Tag/Tag"] { max-width: none !important; flex-shrink: 0; }',
].join("\n");

/** A copy of the document with `x-badges` from `x-stability` and from the `Sunset` of deprecated operations. */
function presentationDocument() {
  const copy = structuredClone(document);
  for (const op of operations) {
    const target = at(op.pointer, copy);
    const badges = [...(target["x-badges"] ?? [])];
    if (op.stability !== "stable") {
      badges.push(STABILITY_BADGES[op.stability] ?? { name: op.stability, color: "grey" });
    }
    if (op.deprecated && op.sunset) {
      badges.push({ name: `Sunset ${op.sunset}`, color: "red" });
    }
    if (badges.length > 0) {
      target["x-badges"] = badges;
    }
  }
  return copy;
}

/** The code-sample languages in the order the document first uses them (Redoc hides any other label). */
function codeSampleLanguages() {
  const byLabel = new Map();
  for (const { lang, label } of operations.flatMap((op) => op.codeSamples)) {
    byLabel.set(label.toLowerCase(), byLabel.get(label.toLowerCase()) ?? { lang, label });
  }
  return [...byLabel.values(), { lang: "Payload" }];
}

/**
 * Builds the Redoc page into `outDir` (index.html; the petstore.yaml it offers for download is left out,
 * as a first load never fetches it). Built once per content (@petstore/testing/kept): the same document, options,
 * redocly and this file make the same page, so a later run takes it from the system temp dir.
 */
export async function buildRedocBaseline(outDir) {
  mkdirSync(outDir, { recursive: true });
  const options = {
    codeSamples: { languages: codeSampleLanguages() },
    downloadUrls: [{ title: "OpenAPI document (YAML)", url: "petstore.yaml" }],
  };
  const title = `${document.info.title} ${document.info.version} reference`;
  const redocly = JSON.parse(readFileSync(path.join(path.dirname(REDOCLY_CLI), "../package.json"), "utf8")).version;
  const code = readFileSync(new URL(import.meta.url), "utf8");
  const key = { document: presentationDocument(), options, title, redocly, code };
  const html = await kept("redoc-baseline", key, ROOT, async () => ({
    result: await buildDocs(key.document, options, title),
    inputs: [],
  }));
  const file = path.join(outDir, "index.html");
  writeFileSync(file, html);
  return file;
}

/** `redocly build-docs` of `presented` in a folder of its own; the page's HTML, with the layout fixes. */
async function buildDocs(presented, options, title) {
  const work = mkdtempSync(path.join(tmpdir(), "petstore-redoc-"));
  const input = path.join(work, "petstore.json");
  const file = path.join(work, "index.html");
  writeFileSync(input, JSON.stringify(presented));
  const args = ["build-docs", input, "--output", file, "--title", title, "--inlineBundle"];
  try {
    const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_NOTIFICATIONS: "true" };
    const { code, all } = await runToEnd(
      process.execPath,
      [REDOCLY_CLI, ...args, "--openapi", JSON.stringify(options)],
      { cwd: ROOT, env },
    );
    if (code !== 0) {
      throw new Error(`redocly build-docs exited with code ${code}:\n${all}`);
    }
    return readFileSync(file, "utf8").replace(/<\/head>(\s*<body)/, `<style>${LAYOUT_FIXES}</style></head>$1`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
