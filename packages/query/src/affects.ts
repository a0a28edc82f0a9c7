// Which cached queries a successful write makes stale: the document's `x-affects`, with each
// entry's runtime expressions evaluated against the call's variables and the response data.
import { evaluateExpression } from "./generated/affects-expression.js";
import { operations } from "./generated/operations.js";

interface Affect {
  operationId: string;
  parameters: Readonly<Record<string, string>>;
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
      ([name, expression]) => [name, evaluateExpression(expression, call)] as const,
    );
    if (narrowed.length === 0 || narrowed.some(([, value]) => value === undefined)) {
      return ["petstore", operationId];
    }
    return ["petstore", operationId, { path: Object.fromEntries(narrowed) }];
  });
}
