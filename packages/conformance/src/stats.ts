// Counters of the conformance run, on globalThis so every copy of this module in a worker shares them.

export interface ConformanceStats {
  /** Requests the suite sent (any target, valid or not). */
  requests: number;
  /** Responses checked against the document (observer and HTTP-level checks). */
  checked: number;
  /** Operations whose responses were checked. */
  operations: Set<string>;
  /** HTTP statuses seen, per operation: `listPets 200`. */
  outcomes: Map<string, number>;
  violations: number;
}

const KEY = Symbol.for("@petstore/conformance/stats");
type GlobalWithStats = typeof globalThis & { [KEY]?: ConformanceStats };

export function stats(): ConformanceStats {
  const global = globalThis as GlobalWithStats;
  global[KEY] ??= { requests: 0, checked: 0, operations: new Set(), outcomes: new Map(), violations: 0 };
  return global[KEY];
}

export function countRequests(count = 1): void {
  stats().requests += count;
}

export function countChecked(operationId: string | undefined, status: number, violations: number): void {
  const current = stats();
  current.checked++;
  current.violations += violations;
  const name = operationId ?? "(unknown route)";
  current.operations.add(name);
  const key = `${name} ${status}`;
  current.outcomes.set(key, (current.outcomes.get(key) ?? 0) + 1);
}

export interface StatsFile {
  file: string;
  requests: number;
  checked: number;
  operations: string[];
  outcomes: Record<string, number>;
  violations: number;
}

/** The counters as JSON, and resets them (one file per test file). */
export function takeStats(file: string): StatsFile {
  const current = stats();
  const snapshot: StatsFile = {
    file,
    requests: current.requests,
    checked: current.checked,
    operations: [...current.operations],
    outcomes: Object.fromEntries(current.outcomes),
    violations: current.violations,
  };
  (globalThis as GlobalWithStats)[KEY] = undefined;
  return snapshot;
}
