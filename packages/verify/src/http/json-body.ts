// An answer's JSON, parsed only when it is within what the document allows: no deeper than its bodies nest, and
// no longer a list than a page holds. Past either it is refused (the run cannot go on), never held or checked.

import { pageSize } from "@petstore/contract";
import { BodyTooLargeError } from "./deadline.js";

/** The deepest nesting an answer may have: the document's bodies nest 3 levels at most (a page, a record, a field). */
const MAX_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `most`, found in one pass before parsing it: parsing
 * millions of nested arrays takes seconds and hundreds of megabytes, and checking them more.
 */
function nestsDeeperThan(text: string, most: number): boolean {
  let depth = 0;
  let inString = false;
  for (let at = 0; at < text.length; at++) {
    const char = text.charCodeAt(at);
    if (inString) {
      if (char === 0x5c) {
        at++; // the escaped character
      } else if (char === 0x22) {
        inString = false;
      }
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > most) {
        return true;
      }
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}

/**
 * The JSON body, or undefined. A list past the document's `maxItems` (a page's most, 100) is refused before it is
 * checked: millions of records in one answer would cost minutes and gigabytes to check one by one.
 */
export function parsed(text: string, what: string): unknown {
  if (nestsDeeperThan(text, MAX_DEPTH)) {
    throw new BodyTooLargeError(`${what}: the answer nests deeper than ${MAX_DEPTH} levels; refused`);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
  if (Array.isArray(json) && json.length > pageSize.maximum) {
    throw new BodyTooLargeError(
      `${what}: the answer lists ${json.length} records, more than the ${pageSize.maximum} a page holds; refused`,
    );
  }
  return json;
}
