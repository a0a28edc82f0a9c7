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

/** A route's template, split once: which segments must equal the path's, and which are parameters. */
interface RoutePlan<Operation> {
  readonly operation: Operation;
  readonly literals: readonly (readonly [index: number, segment: string])[];
  readonly params: readonly (readonly [index: number, name: string])[];
}

function planRoute<Operation extends Routable>(operation: Operation): RoutePlan<Operation> {
  const literals: [number, string][] = [];
  const params: [number, string][] = [];
  operation.path
    .split("/")
    .slice(1)
    .forEach((segment, index) => {
      if (segment.startsWith("{")) {
        params.push([index, segment.slice(1, -1)]);
      } else {
        literals.push([index, segment]);
      }
    });
  return { operation, literals, params };
}

/** The path parameters when `actual` fits the route (checked before anything is allocated), else null. */
function matchPlan(route: RoutePlan<unknown>, actual: readonly string[]): Record<string, string> | null {
  for (const [index, segment] of route.literals) {
    if (actual[index] !== segment) {
      return null;
    }
  }
  for (const [index] of route.params) {
    if (!actual[index]) {
      return null;
    }
  }
  const params: Record<string, string> = {};
  for (const [index, name] of route.params) {
    params[name] = decodeSegment(actual[index]!);
  }
  return params;
}

/**
 * The router of a table of operations (the API's, the control API's): finds the operation for a
 * method and a path below the base URL, or the methods the path does allow. `HEAD` routes to the
 * path's `GET` operation (the adapters then send no body). The routes are grouped by their number
 * of segments once, so a request is compared only with the routes of its own length.
 */
export function createRouter<Operation extends Routable>(
  table: readonly Operation[],
): (method: string, path: string) => RouteMatch<Operation> {
  const byLength = new Map<number, RoutePlan<Operation>[]>();
  for (const operation of table) {
    const length = operation.path.split("/").length - 1;
    byLength.set(length, [...(byLength.get(length) ?? []), planRoute(operation)]);
  }
  return (method, path) => {
    const actual = path.split("/").slice(1);
    const routedMethod = method === "HEAD" ? "GET" : method;
    const allowedMethods: string[] = [];
    for (const route of byLength.get(actual.length) ?? []) {
      const pathParams = matchPlan(route, actual);
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
