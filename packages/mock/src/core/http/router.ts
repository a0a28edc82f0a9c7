import { operations } from "../generated/contract.js";

export type OperationDescription = (typeof operations)[number];

/** What a router needs of an operation: its method and its path template. */
interface Routable {
  readonly method: string;
  readonly path: string;
}

export type RouteMatch<Operation extends Routable = OperationDescription> =
  | { operation: Operation; pathParams: Record<string, string> }
  /** `allowedMethods` is empty when no operation has the path. */
  | { operation: undefined; allowedMethods: string[] };

/** Percent-decodes a path segment; a malformed escape stays as it is, for the validator to name. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matchSegments(template: readonly string[], actual: readonly string[]): Record<string, string> | null {
  if (template.length !== actual.length) {
    return null;
  }
  const params: Record<string, string> = {};
  for (let index = 0; index < template.length; index++) {
    const expected = template[index]!;
    const segment = actual[index]!;
    if (expected.startsWith("{")) {
      if (!segment) {
        return null;
      }
      params[expected.slice(1, -1)] = decodeSegment(segment);
    } else if (expected !== segment) {
      return null;
    }
  }
  return params;
}

/**
 * The router of a table of operations (the API's, the control API's): finds the operation for a
 * method and a path below the base URL, or the methods the path does allow. `HEAD` routes to the
 * path's `GET` operation (the adapters then send no body).
 */
export function createRouter<Operation extends Routable>(
  table: readonly Operation[],
): (method: string, path: string) => RouteMatch<Operation> {
  const routes = table.map((operation) => ({ operation, segments: operation.path.split("/").slice(1) }));
  return (method, path) => {
    const actual = path.split("/").slice(1);
    const routedMethod = method === "HEAD" ? "GET" : method;
    const allowedMethods: string[] = [];
    for (const route of routes) {
      const pathParams = matchSegments(route.segments, actual);
      if (!pathParams) {
        continue;
      }
      if (route.operation.method === routedMethod) {
        return { operation: route.operation, pathParams };
      }
      allowedMethods.push(route.operation.method);
      if (route.operation.method === "GET") {
        allowedMethods.push("HEAD");
      }
    }
    return { operation: undefined, allowedMethods: allowedMethods.sort() };
  };
}

/** Finds the API's operation for a method and a path below the base URL (see `createRouter`). */
export const matchRoute: (method: string, path: string) => RouteMatch = createRouter(operations);
