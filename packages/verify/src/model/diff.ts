// Where two JSON values differ, in one line: the evidence of a failed prediction, and of what a
// write changed (the x-affects check).

import { canonical } from "./canonical.js";

export { canonical };

/** One answer of a read: enough to tell whether it changed. */
export interface Answer {
  status: number;
  total: string | null;
  body: unknown;
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Short text of a value for a failure message. */
export const brief = (value: unknown) => {
  const text = value === undefined ? "(none)" : canonical(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};

/** The first place two JSON values differ, as `[2].quantity: 5 → 4`; "" when they do not. */
export function firstDifference(before: unknown, after: unknown, at = ""): string {
  if (canonical(before) === canonical(after)) {
    return "";
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    for (let index = 0; index < Math.max(before.length, after.length); index++) {
      const here = `${at}[${index}]`;
      if (index >= before.length) {
        return `${here} added: ${brief(after[index])}`;
      }
      if (index >= after.length) {
        return `${here} removed: ${brief(before[index])}`;
      }
      const found = firstDifference(before[index], after[index], here);
      if (found) {
        return found;
      }
    }
  }
  if (isRecord(before) && isRecord(after)) {
    for (const key of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      const here = at ? `${at}.${key}` : key;
      if (!(key in before)) {
        return `${here} added: ${brief(after[key])}`;
      }
      if (!(key in after)) {
        return `${here} removed: ${brief(before[key])}`;
      }
      const found = firstDifference(before[key], after[key], here);
      if (found) {
        return found;
      }
    }
  }
  return `${at || "body"}: ${brief(before)} → ${brief(after)}`;
}

/** Where an actual value first departs from the expected one, and each side there in short. */
export function divergence(
  expected: unknown,
  actual: unknown,
  at = "",
): { at: string; expected: string; received: string } {
  const here = (key: string | number) => (typeof key === "number" ? `${at}[${key}]` : at ? `${at}.${key}` : key);
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
      if (canonical(expected[index]) !== canonical(actual[index])) {
        return index < expected.length && index < actual.length
          ? divergence(expected[index], actual[index], here(index))
          : { at: here(index), expected: brief(expected[index]), received: brief(actual[index]) };
      }
    }
  }
  if (isRecord(expected) && isRecord(actual)) {
    for (const key of [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort()) {
      if (canonical(expected[key]) !== canonical(actual[key])) {
        return key in expected && key in actual
          ? divergence(expected[key], actual[key], here(key))
          : { at: here(key), expected: brief(expected[key]), received: brief(actual[key]) };
      }
    }
  }
  return { at: at || "body", expected: brief(expected), received: brief(actual) };
}

/** What changed between two answers of one read, in one line; "" when nothing did. */
export function difference(before: Answer, after: Answer): string {
  if (before.status !== after.status) {
    return `status ${before.status} → ${after.status} (${brief(before.body)} → ${brief(after.body)})`;
  }
  const total = before.total === after.total ? "" : `X-Total-Count ${before.total} → ${after.total}`;
  const body = firstDifference(before.body, after.body);
  return [total, body].filter(Boolean).join("; ");
}
