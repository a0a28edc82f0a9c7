// What the reference shows, derived from the document model of @petstore/contract; shared by the build and the tests.
import { fileURLToPath } from "node:url";
import { at, document, operations } from "@petstore/contract";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const DIST_DIR = fileURLToPath(new URL("../dist/", import.meta.url));

/** Badge text and colour per `x-stability` value (Redoc's named badge colours). */
const STABILITY_BADGES = {
  beta: { name: "Beta", color: "blue" },
  experimental: { name: "Experimental", color: "orange" },
  alpha: { name: "Alpha", color: "orange" },
};

/**
 * A copy of the document with presentation-only extensions for Redoc: `x-badges` derived from `x-stability`
 * and from the `Sunset` header of deprecated operations. The source document is not changed.
 */
export function presentationDocument() {
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

/**
 * The code-sample languages in the order the document first uses them, as Redoc's `codeSamples.languages` option.
 * @note Redoc 3 hides any `x-codeSamples` entry whose label is not in this list (for example
 * "JavaScript (@petstore/sdk)"), so the list is taken from the document rather than from Redoc's defaults.
 */
export function codeSampleLanguages() {
  const byLabel = new Map();
  for (const { lang, label } of operations.flatMap((op) => op.codeSamples)) {
    byLabel.set(label.toLowerCase(), byLabel.get(label.toLowerCase()) ?? { lang, label });
  }
  // Redoc's request-body view stays available after the document's own samples.
  return [...byLabel.values(), { lang: "Payload" }];
}
