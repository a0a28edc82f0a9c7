import type { OperationResult } from "./operations/context.js";

/**
 * A record's fields, copied: records are flat objects of primitives, so this is a snapshot. Only
 * its own string keys, not @msw/data's symbol keys, which would make the copy several times slower.
 */
function copyRecord(record: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const field in record) {
    copy[field] = record[field];
  }
  return copy;
}

/**
 * The operation's result with a copy of its body (a record, a list of records or nothing), so the
 * response shows the state right after its own operation even when it is serialised later (after
 * a delay, or once other requests have run), since later operations change records in place.
 */
export function withCopiedBody(result: OperationResult): OperationResult {
  const { body } = result;
  if (Array.isArray(body)) {
    return { ...result, body: body.map(copyRecord) };
  }
  return body !== null && typeof body === "object"
    ? { ...result, body: copyRecord(body as Record<string, unknown>) }
    : result;
}
