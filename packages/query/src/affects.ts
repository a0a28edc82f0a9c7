// Which cached queries a successful write makes stale: the document's `x-affects`, with each
// entry's runtime expressions evaluated against the call's variables and the response data.
import { evaluateParsed } from "./generated/affects-expression.js";
import { operations } from "./generated/operations.js";

interface Affect {
  operationId: string;
  parameters: Readonly<Record<string, Parameters<typeof evaluateParsed>[0]>>;
}

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
  method: string,
  path: string,
  variables: Variables,
  data: unknown,
): (readonly unknown[])[] {
  const entry: { affects: readonly Affect[] } | undefined = operations[`${method} ${path}` as keyof typeof operations];
  const call = { path: variables.params?.path, requestBody: variables.body, responseBody: data };
  return (entry?.affects ?? []).map(({ operationId, parameters }) => {
    const narrowed = Object.entries(parameters).map(
      ([name, expression]) => [name, evaluateParsed(expression, call)] as const,
    );
    if (narrowed.length === 0 || narrowed.some(([, value]) => value === undefined)) {
      return ["petstore", operationId];
    }
    return ["petstore", operationId, { path: Object.fromEntries(narrowed) }];
  });
}

/**
 * Whether a cached `key` falls under a prefix of `affectedKeys`, by TanStack Query's rule: the prefix's
 * items in order, its objects compared partially (`{ path: { petId: 7 } }` matches any query of pet 7).
 */
export function isUnder(prefix: unknown, key: unknown): boolean {
  if (prefix === key) {
    return true;
  }
  if (typeof prefix !== "object" || prefix === null || typeof key !== "object" || key === null) {
    return false;
  }
  return Object.entries(prefix).every(([name, value]) => isUnder(value, (key as Record<string, unknown>)[name]));
}
