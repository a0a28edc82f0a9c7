// Reads openapi/petstore.yaml and derives what the reference shows; shared by the build and the tests.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import YAML from "yaml";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DOCUMENT_PATH = fileURLToPath(new URL("../../openapi/petstore.yaml", import.meta.url));
export const DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Badge text and colour per `x-stability` value (Redoc's named badge colours). */
const STABILITY_BADGES = {
  beta: { name: "Beta", color: "blue" },
  experimental: { name: "Experimental", color: "orange" },
  alpha: { name: "Alpha", color: "orange" },
};

/**
 * Parses the OpenAPI document.
 * @example const doc = loadDocument();
 */
export function loadDocument(path = DOCUMENT_PATH) {
  return YAML.parse(readFileSync(path, "utf8"));
}

/**
 * Lists every operation of the document in document order.
 * @example listOperations(loadDocument()).map((op) => op.operationId)
 */
export function listOperations(doc) {
  const operations = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) {
        continue;
      }
      operations.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        tag: op.tags?.[0] ?? "default",
        summary: op.summary ?? "",
        deprecated: op.deprecated === true,
        stability: op["x-stability"],
        hideTryItPanel: op["x-hideTryItPanel"] === true,
        codeSamples: (op["x-codeSamples"] ?? []).map(({ lang, label, source }) => ({
          lang,
          label: label ?? lang,
          source,
        })),
        sunset: sunsetDate(doc, op),
      });
    }
  }
  return operations;
}

/** Follows a local `$ref` ("#/components/...") until it reaches a value. */
function deref(doc, value) {
  let current = value;
  for (let hops = 0; current && typeof current.$ref === "string" && hops < 20; hops++) {
    const pointer = current.$ref.replace(/^#\//, "").split("/");
    current = pointer.reduce((node, key) => node?.[key.replaceAll("~1", "/").replaceAll("~0", "~")], doc);
  }
  return current;
}

/**
 * The sunset date (YYYY-MM-DD) that an operation's success response announces in its `Sunset` header, if any.
 * @note The date comes from the header's `enum` or `example` (RFC 8594 HTTP-date), so it is written once, in the document.
 */
export function sunsetDate(doc, op) {
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) {
      continue;
    }
    const headers = deref(doc, response)?.headers ?? {};
    const name = Object.keys(headers).find((key) => key.toLowerCase() === "sunset");
    if (!name) {
      continue;
    }
    const header = deref(doc, headers[name]);
    const schema = deref(doc, header?.schema) ?? {};
    const raw = header?.example ?? schema.enum?.[0] ?? schema.example;
    const time = Date.parse(raw);
    if (!Number.isNaN(time)) {
      return new Date(time).toISOString().slice(0, 10);
    }
  }
  return undefined;
}

/**
 * A copy of the document with presentation-only extensions for Redoc: `x-badges` derived from `x-stability`
 * and from the `Sunset` header of deprecated operations. The source document is not changed.
 */
export function presentationDocument(doc) {
  const copy = structuredClone(doc);
  for (const item of Object.values(copy.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) {
        continue;
      }
      const badges = [...(op["x-badges"] ?? [])];
      const stability = op["x-stability"];
      if (stability) {
        badges.push(STABILITY_BADGES[stability] ?? { name: stability, color: "grey" });
      }
      const sunset = op.deprecated ? sunsetDate(doc, op) : undefined;
      if (sunset) {
        badges.push({ name: `Sunset ${sunset}`, color: "red" });
      }
      if (badges.length > 0) {
        op["x-badges"] = badges;
      }
    }
  }
  return copy;
}

/**
 * The code-sample languages in the order the document first uses them, as Redoc's `codeSamples.languages` option.
 * @note Redoc 3 hides any `x-codeSamples` entry whose label is not in this list (for example
 * "JavaScript (@petstore/sdk)"), so the list is taken from the document rather than from Redoc's defaults.
 */
export function codeSampleLanguages(doc) {
  const languages = [];
  const seen = new Set();
  for (const op of listOperations(doc)) {
    for (const { lang, label } of op.codeSamples) {
      const key = label.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        languages.push({ lang, label });
      }
    }
  }
  // Redoc's request-body view stays available after the document's own samples.
  languages.push({ lang: "Payload" });
  return languages;
}
