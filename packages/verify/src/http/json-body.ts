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

/** Whether a parsed value nests arrays and objects deeper than `most` (as `nestsDeeperThan` tells of its text). */
function valueNestsDeeperThan(value: unknown, most: number): boolean {
  if (typeof value !== "object" || value === null) {
    return false;
  }
  if (most === 0) {
    return true;
  }
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (valueNestsDeeperThan(child, most - 1)) {
      return true;
    }
  }
  return false;
}

/**
 * Text shorter than this is parsed first, whatever its nesting (quick at this length), and its value's depth
 * measured: walking a parsed page costs a fraction of scanning its text character by character.
 */
const PARSE_FIRST_BELOW = 64 * 1024;

/** The JSON value of `text`, or undefined when it is empty or not JSON. */
function parsedOrUndefined(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The JSON value of `text` (undefined when it is empty or not JSON); refused when it nests deeper than `MAX_DEPTH`. */
function shallowJson(text: string, what: string): unknown {
  const parseFirst = text.length < PARSE_FIRST_BELOW;
  const json = parseFirst ? parsedOrUndefined(text) : undefined;
  if (json !== undefined && !valueNestsDeeperThan(json, MAX_DEPTH)) {
    return json;
  }
  // Not JSON (text that nests too deep is refused all the same), too deep, or too long to parse first.
  if (nestsDeeperThan(text, MAX_DEPTH)) {
    throw new BodyTooLargeError(`${what}: the answer nests deeper than ${MAX_DEPTH} levels; refused`);
  }
  return parseFirst ? json : parsedOrUndefined(text);
}

/**
 * The JSON body, or undefined. A list past the document's `maxItems` (a page's most, 100) is refused before it is
 * checked: millions of records in one answer would cost minutes and gigabytes to check one by one.
 */
export function parsed(text: string, what: string): unknown {
  const json = shallowJson(text, what);
  if (Array.isArray(json) && json.length > pageSize.maximum) {
    throw new BodyTooLargeError(
      `${what}: the answer lists ${json.length} records, more than the ${pageSize.maximum} a page holds; refused`,
    );
  }
  return json;
}
