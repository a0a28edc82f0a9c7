// Which cached queries a successful write makes stale: the document's `x-affects`, with each
// entry's runtime expressions evaluated against the call's variables and the response data.
import { entryOf } from "./call.js";
import { evaluateCompact } from "./generated/affects-expression.js";
import type { Method } from "./operation-types.js";

interface Variables {
  params?: { path?: Record<string, unknown> };
  body?: unknown;
}

/**
 * The query-key prefixes a successful call of the write at `method path` makes stale: one per
 * `x-affects` entry, narrowed to the read's path parameters when the entry names them and they are
 * known (else every call of that read).
 */
export function affectedKeys(
  method: Method,
  path: string,
  { params, body }: Variables,
  data: unknown,
): (readonly unknown[])[] {
  const sources = [params?.path, body, data] as const;
  // Each entry of the table: the read's id, then `:name` and a compact expression (it starts with `=`, `<` or `>`)
  // for each path parameter the entry narrows it to.
  return entryOf(method, path)
    .slice(1)
    .map((entry) => {
      const [operationId, ...parameters] = entry.split(":");
      const key = ["petstore", operationId];
      const narrowed: Record<string, unknown> = {};
      for (const parameter of parameters) {
        const [name, compact] = parameter.split(/(?=[=<>])/) as [string, string];
        // A value the call does not have (a response without the field): every call of that read.
        narrowed[name] = evaluateCompact(compact, sources);
        if (narrowed[name] === undefined) {
          return key;
        }
      }
      return parameters[0] ? [...key, { path: narrowed }] : key;
    });
}

/**
 * Whether a cached `key` falls under a prefix of `affectedKeys`, by TanStack Query's rule: the prefix's
 * items in order, its objects compared partially (`{ path: { petId: 7 } }` matches any query of pet 7).
 */
export const isUnder = (prefix: unknown, key: unknown): boolean =>
  prefix === key ||
  (!!prefix &&
    typeof prefix === "object" &&
    Object.entries(prefix).every(([name, value]) =>
      isUnder(value, (key as Record<string, unknown> | undefined)?.[name]),
    ));
