// Counters of the conformance run, per test file: the set-up (self-check-setup.ts) counts every
// checked response through the self-check's `onChecked` and writes them out after the file.

/** The counters of one test file, as global-setup.ts sums them. */
export interface StatsFile {
  file: string;
  /** Requests the suite sent (any target, valid or not). */
  requests: number;
  /** Responses checked against the document (observer and HTTP-level checks). */
  checked: number;
  /** Checked responses per operation and HTTP status: `listPets 200`. */
  outcomes: Record<string, number>;
  violations: number;
}

const empty = (): Omit<StatsFile, "file"> => ({ requests: 0, checked: 0, outcomes: {}, violations: 0 });

let current = empty();

export function countRequests(count = 1): void {
  current.requests += count;
}

export function countChecked(operationId: string | undefined, status: number, violations: number): void {
  current.checked++;
  current.violations += violations;
  const key = `${operationId ?? "(unknown route)"} ${status}`;
  current.outcomes[key] = (current.outcomes[key] ?? 0) + 1;
}

/** The counters of the test file `file`, and resets them (one file per test file). */
export function takeStats(file: string): StatsFile {
  const taken = { file, ...current };
  current = empty();
  return taken;
}
