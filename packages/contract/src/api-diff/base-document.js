// @ts-check
// The documents the gate compares: the base (by default the document of the last release, recorded in
// openapi/released/petstore.yaml by `pnpm release:version`; else openapi/petstore.yaml at any git ref) and the
// working one. Each is parsed and read as the contract reads it; what cannot be is an Error with a one-line message.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { readOperations } from "../operations.js";

/** The working document and the recorded release, from the repository's root. */
export const DOCUMENT = "openapi/petstore.yaml";
export const RELEASED = "openapi/released/petstore.yaml";

/**
 * A document from its text, checked to be one the contract can read (an OpenAPI 3 document whose operations,
 * parameters, responses and error codes are where the generators look for them).
 * @param {string} text
 * @param {string} where what to call it in a message
 * @returns {import("../document.js").Document}
 */
export function readDocumentText(text, where) {
  /** @type {any} */
  let doc;
  try {
    doc = parse(text);
  } catch (error) {
    throw new Error(`${where} does not parse as YAML: ${String(/** @type {Error} */ (error).message).split("\n")[0]}`);
  }
  if (!doc || typeof doc !== "object" || !/^3\./.test(String(doc.openapi)) || !doc.info?.version || !doc.paths) {
    throw new Error(`${where} is not an OpenAPI 3 document (openapi, info.version and paths are required)`);
  }
  try {
    readOperations(doc);
  } catch (error) {
    throw new Error(`${where} does not lint: ${String(/** @type {Error} */ (error).message).split("\n")[0]}`);
  }
  return doc;
}

/**
 * The base document: the recorded release, or openapi/petstore.yaml at a git ref.
 * @param {string} root
 * @param {string | undefined} ref
 */
export function baseDocument(root, ref) {
  if (ref === undefined) {
    return readDocumentText(readFileSync(path.join(root, RELEASED), "utf8"), RELEASED);
  }
  /** @type {string} */
  let text;
  try {
    text = execFileSync("git", ["show", `${ref}:${DOCUMENT}`], {
      cwd: root,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  } catch {
    throw new Error(`--base ${ref}: no such git ref, or it has no ${DOCUMENT}`);
  }
  return readDocumentText(text, `${DOCUMENT} at ${ref}`);
}

/**
 * The commit that recorded the released document (the release's own: its code was written against that version), or
 * undefined when the history does not have it.
 * @param {string} root
 */
export function releasedCommit(root) {
  try {
    const out = execFileSync("git", ["log", "-1", "--format=%H", "--", RELEASED], { cwd: root, encoding: "utf8" });
    return out.trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The working document. @param {string} root */
export const workingDocument = (root) => readDocumentText(readFileSync(path.join(root, DOCUMENT), "utf8"), DOCUMENT);

/** Records the working document as the released one (run by `pnpm release:version`). @param {string} root */
export function recordRelease(root) {
  writeFileSync(path.join(root, RELEASED), readFileSync(path.join(root, DOCUMENT), "utf8"));
}
