// Counters of the conformance run, per test file: the set-up (self-check-setup.ts) counts every
// checked response through the self-check's `onChecked` and writes them out after the file.

/** The counters of one test file, as global-setup.ts sums them. */
export interface StatsFile {
  file: string;
  /** Requests the suite sent (any target, valid or not). */
  requests: number;
  /** Responses checked against the document (observer and HTTP-level checks). */
  checked: number;
  /** The operations of the checked responses. */
  operations: string[];
  violations: number;
}

const empty = () => ({ requests: 0, checked: 0, operations: new Set<string>(), violations: 0 });

let current = empty();

export function countRequests(count = 1): void {
  current.requests += count;
}

export function countChecked(operationId: string | undefined, _status: number, violations: number): void {
  current.checked++;
  current.violations += violations;
  if (operationId) {
    current.operations.add(operationId);
  }
}

/** The counters of the test file `file`, and resets them (one file per test file). */
export function takeStats(file: string): StatsFile {
  const taken = { file, ...current, operations: [...current.operations] };
  current = empty();
  return taken;
}
