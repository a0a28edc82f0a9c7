// Where a request goes, read from its target as sent: origin-form or absolute-form (RFC 9112 §3.2).
import { ABSOLUTE_FORM } from "./access-policy.js";

/** A path with a dot segment (`/pets/../categories`, `%2e` too) is resolved as a Fetch API URL resolves it. */
const DOT_SEGMENT = /\/(?:\.|%2e)/i;

export interface RequestTarget {
  /** The authority of an absolute-form target, which replaces `Host` (RFC 9112 §3.2.2); undefined for origin-form. */
  readonly authority: string | undefined;
  readonly absolute: boolean;
  /** The path, its dot segments resolved. */
  readonly path: string;
  /** The query string, without its `?`. */
  readonly rawQuery: string;
}

/** The parts of a request target: an absolute-form one routes like its path. */
export function parseTarget(target: string): RequestTarget {
  const absolute = target.startsWith("/") ? null : ABSOLUTE_FORM.exec(target);
  const pathAndQuery = absolute ? absolute[2] || "/" : target;
  const queryStart = pathAndQuery.indexOf("?");
  let path = queryStart === -1 ? pathAndQuery : pathAndQuery.slice(0, queryStart);
  if (DOT_SEGMENT.test(path)) {
    path = new URL(path, "http://mock.invalid").pathname;
  }
  return {
    authority: absolute ? absolute[1] : undefined,
    absolute: absolute !== null,
    path,
    rawQuery: queryStart === -1 ? "" : pathAndQuery.slice(queryStart + 1),
  };
}
