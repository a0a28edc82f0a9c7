// Which cached queries a successful write makes stale: the document's `x-affects`, with each
// entry's runtime expressions evaluated against the call's variables and the response data.
import { operations } from "./generated/operations.js";

interface Affect {
  operationId: string;
  parameters: Readonly<Record<string, string>>;
}

interface Variables {
  params?: { path?: Record<string, unknown> };
  body?: unknown;
}

/** A JSON pointer (`/petId`) into a value; `undefined` where it leads nowhere. */
function resolvePointer(value: unknown, pointer: string): unknown {
  return pointer
    .split("/")
    .slice(1)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>(
      (node, key) => (node !== null && typeof node === "object" ? (node as Record<string, unknown>)[key] : undefined),
      value,
    );
}

/** `$request.path.NAME`, `$request.body#/pointer` or `$response.body#/pointer`, as in OpenAPI links. */
function evaluate(expression: string, variables: Variables, data: unknown): unknown {
  const pathParameter = /^\$request\.path\.(.+)$/.exec(expression);
  if (pathParameter) {
    return variables.params?.path?.[pathParameter[1]!];
  }
  const body = /^\$(request|response)\.body#(.*)$/.exec(expression);
  return body ? resolvePointer(body[1] === "request" ? variables.body : data, body[2]!) : undefined;
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
  return (entry?.affects ?? []).map(({ operationId, parameters }) => {
    const narrowed = Object.entries(parameters).map(
      ([name, expression]) => [name, evaluate(expression, variables, data)] as const,
    );
    if (narrowed.length === 0 || narrowed.some(([, value]) => value === undefined)) {
      return ["petstore", operationId];
    }
    return ["petstore", operationId, { path: Object.fromEntries(narrowed) }];
  });
}
