import { contract } from "../generated/contract.js";
import { shorten } from "../generated/shorten.js";
import { errorHeaders, MockApiError } from "./errors.js";
import type { OperationDescription } from "./router.js";

export { errorHeaders };

export interface Preferences {
  /** A documented error status to answer with instead of running the operation. */
  code?: number;
  /** Milliseconds to wait before answering. */
  delayMs?: number;
}

interface Preference {
  /** The name, lower-cased: RFC 7240 names are case-insensitive. */
  name: string;
  /** The value, unquoted; undefined when the preference has none. */
  value: string | undefined;
  /** The preference as sent, without its parameters, to quote in a message. */
  text: string;
}

/** Splits on a separator that is not inside a quoted string (RFC 9110 quoted-string, with `\` escapes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted && char === "\\") {
      index++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && char === separator) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

function unquote(value: string): string {
  return value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/g, "$1")
    : value;
}

/**
 * The preferences of an RFC 7240 `Prefer` header: a comma-separated list of `name[=value]`, each
 * with `;` parameters (ignored here). Empty list elements are skipped, as RFC 9110 lists allow.
 */
function preferencesOf(header: string): Preference[] {
  const preferences: Preference[] = [];
  for (const element of splitOutsideQuotes(header, ",")) {
    const text = splitOutsideQuotes(element, ";")[0]!.trim();
    if (!text) {
      continue;
    }
    const equals = text.indexOf("=");
    const name = (equals === -1 ? text : text.slice(0, equals)).trim().toLowerCase();
    const value = equals === -1 ? undefined : unquote(text.slice(equals + 1).trim());
    preferences.push({ name, value, text });
  }
  return preferences;
}

function invalidPreference(message: string): MockApiError {
  return new MockApiError(400, "INVALID_PARAMETER", message);
}

function parseCode(preference: Preference, operation: OperationDescription): number {
  const { value, text } = preference;
  if (value === undefined || !/^\d{3}$/.test(value)) {
    throw invalidPreference(`Prefer: ${shorten(text)} is not an HTTP status; use for example code=503`);
  }
  const status = Number(value);
  if (!(operation.errorStatuses as readonly number[]).includes(status)) {
    throw invalidPreference(
      `header Prefer asks for code=${value}, which ${operation.operationId} does not document; use one of ${operation.errorStatuses.join(", ")}`,
    );
  }
  return status;
}

function parseDelay(preference: Preference): number {
  const { value, text } = preference;
  if (value === undefined || !/^\d+$/.test(value)) {
    throw invalidPreference(
      `Prefer: ${shorten(text)} is not a whole number of milliseconds; use for example delay=300`,
    );
  }
  const delayMs = Number(value);
  if (delayMs > contract.limits.preferDelayMaxMs) {
    throw invalidPreference(
      `header Prefer asks for delay=${shorten(value)}, more than the limit of ${contract.limits.preferDelayMaxMs} ms`,
    );
  }
  return delayMs;
}

/**
 * Reads the scenario-control preferences (`code`, `delay`) of an RFC 7240 `Prefer` header. As the
 * RFC asks, preferences the mock does not implement are ignored, and only the first of a name counts.
 */
export function parsePrefer(header: string | null, operation: OperationDescription): Preferences {
  const preferences: Preferences = {};
  if (!header) {
    return preferences;
  }
  for (const preference of preferencesOf(header)) {
    if (preference.name === "code" && preferences.code === undefined) {
      preferences.code = parseCode(preference, operation);
    } else if (preference.name === "delay" && preferences.delayMs === undefined) {
      preferences.delayMs = parseDelay(preference);
    }
  }
  return preferences;
}

/** The error an operation answers when `Prefer: code=NNN` asks for it: its first documented code for that status. */
export function simulatedError(status: number, operation: OperationDescription): MockApiError {
  const codes = (operation.errorCodes as Record<string, readonly string[]>)[String(status)] ?? [];
  const code = (codes[0] ?? "INTERNAL_ERROR") as MockApiError["code"];
  return new MockApiError(
    status,
    code,
    `simulated ${status} response, as asked by the Prefer header`,
    errorHeaders(status, operation),
  );
}
