// Counters of the conformance run, per test file: the set-up (self-check-setup.ts) counts every
// checked response through the self-check's `onChecked` and writes them out after the file.

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

const empty = (): ConformanceStats => ({
  requests: 0,
  checked: 0,
  operations: new Set(),
  outcomes: new Map(),
  violations: 0,
});

let current = empty();

export function countRequests(count = 1): void {
  current.requests += count;
}

export function countChecked(operationId: string | undefined, status: number, violations: number): void {
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
  const snapshot: StatsFile = {
    file,
    requests: current.requests,
    checked: current.checked,
    operations: [...current.operations],
    outcomes: Object.fromEntries(current.outcomes),
    violations: current.violations,
  };
  current = empty();
  return snapshot;
}
