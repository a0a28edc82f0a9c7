// What a caller passed, as a message of the mock quotes it: at most 40 characters, whatever its size.
import { shorten } from "../generated/shorten.js";

/**
 * `value` as an error message shows it: a string in quotes and a number or other primitive as written, each cut
 * to 40 characters (shortened before it is quoted, so a long one costs nothing); an object or array only named,
 * as it may be nested deep or refer to itself.
 */
export function quoted(value: unknown): string {
  if (typeof value === "string") {
    return JSON.stringify(shorten(value));
  }
  if (typeof value === "object" && value !== null) {
    return Array.isArray(value) ? "an array" : "an object";
  }
  return shorten(String(value));
}
