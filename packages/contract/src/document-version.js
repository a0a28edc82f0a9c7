// @ts-check
// The one edit any tool makes to the document: its info.version, set at release time.
import { readFileSync, writeFileSync } from "node:fs";
import { documentPath, loadDocument } from "./document.js";

// info's own keys sit two spaces in; deeper lines (the description) never match.
const INFO_VERSION = /^(info:\n(?:(?: .*)?\n)*? {2}version:[ \t]*)(\S+)/m;

/**
 * Sets `info.version` with a one-line edit that keeps the document's layout and comments as written.
 * @param {string} version
 * @param {string} [path] the document (default: openapi/petstore.yaml)
 * @returns {boolean} whether the document changed
 * @example setDocumentVersion("1.4.0");
 */
export function setDocumentVersion(version, path = documentPath) {
  if (String(loadDocument(path).info.version) === version) {
    return false;
  }
  const source = readFileSync(path, "utf8");
  if (!INFO_VERSION.test(source)) {
    throw new Error(`${path} has no info.version line to update`);
  }
  writeFileSync(path, source.replace(INFO_VERSION, `$1${version}`));
  return true;
}
