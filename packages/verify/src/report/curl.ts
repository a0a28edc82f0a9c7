// One request of a report as a curl command line a user pastes into a POSIX shell to send it again.
import type { Exchange } from "../report.js";
import { API_KEY_VARIABLE } from "./redact.js";

/** Headers curl works out itself; a copied value would be wrong once the line is edited. */
const HEADERS_CURL_SETS = new Set(["host", "content-length", "connection"]);

/**
 * `curl -sS -i -X POST 'https://…/pets' -H 'Content-Type: application/json' -H "Authorization: Bearer $PETSTORE_API_KEY" --data-raw '{…}'`:
 * every word quoted for the shell; `$PETSTORE_API_KEY` is the one thing the shell expands.
 */
export function curlCommand(exchange: Pick<Exchange, "method" | "url" | "headers" | "body">): string {
  const method = exchange.method.toUpperCase();
  // -X HEAD would make curl wait for a body that never comes.
  const words = ["curl", "-sS", "-i", ...(method === "HEAD" ? ["--head"] : ["-X", method]), exchange.url];
  for (const [name, value] of Object.entries(exchange.headers)) {
    if (!HEADERS_CURL_SETS.has(name.toLowerCase())) {
      words.push("-H", `${name}: ${value}`);
    }
  }
  if (exchange.body !== undefined) {
    words.push("--data-raw", exchange.body);
  }
  return words.map(shellWord).join(" ");
}

/** Characters a word may hold and stay unquoted. */
const PLAIN = /^[A-Za-z0-9_\-.,:/@=+%]+$/;
/** Characters double quotes would still interpret (or bash's history expansion would). */
const SPECIAL_IN_DOUBLE_QUOTES = /["\\`$!]/;

/** One word for a POSIX shell: as it is, in single quotes, or in double quotes where it holds the key's variable. */
export function shellWord(word: string): string {
  if (PLAIN.test(word)) {
    return word;
  }
  if (!word.includes(API_KEY_VARIABLE)) {
    return singleQuoted(word);
  }
  const parts = word.split(API_KEY_VARIABLE);
  if (parts.every((part) => !SPECIAL_IN_DOUBLE_QUOTES.test(part))) {
    return `"${word}"`;
  }
  return parts.map((part) => (part === "" ? "" : singleQuoted(part))).join(`"${API_KEY_VARIABLE}"`);
}

/** Single quotes take everything literally; a quote inside ends them, adds an escaped quote and opens them again. */
const singleQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;
