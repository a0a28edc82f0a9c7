// The findings of a run, one per defect: the first time a rule breaks somewhere it becomes a finding;
// each later time, and each failure of the same cause elsewhere (causes.ts), only counts, so the run
// goes on to find the rest.

import { CHECK_RULES } from "../checks.js";
import { Failure } from "../model/failure.js";
import type { Exchange, Finding } from "../report.js";
import { type Cause, causeOf, foldsPlace, followsFrom, sameCause, symptomOf } from "./causes.js";

/** The most findings a run reports: past it, a backend broken everywhere would only cost time. */
export const MAX_FINDINGS = 25;

/** The failure an error stands for: a `Failure` as it is; anything else the model did not foresee. */
export const failureOf = (error: unknown): Failure =>
  error instanceof Failure
    ? error
    : new Failure(
        "model.record",
        `the run stopped on an answer the model cannot read: ${String(error)}`,
        "an answer the document describes",
        String(error),
      );

/** What a finding is one of: its rule and where it broke. */
export const groupOf = (failure: Failure) => `${failure.check} in ${failure.where ?? "an unknown place"}`;

export class Findings {
  readonly #byGroup = new Map<string, Finding>();
  /** Each finding with the fact it is about, in the order found: a later failure of the same cause folds into it. */
  readonly #causes: { cause: Cause; finding: Finding }[] = [];
  /** The findings, each once (a finding that folded an earlier one in stands for both groups). */
  #found = () => [...new Set(this.#byGroup.values())];

  /** The finding `failure` is one of: of its rule and place, or of the same cause (causes.ts). */
  #of(failure: Failure): Finding | undefined {
    const cause = causeOf(failure);
    return this.#byGroup.get(groupOf(failure)) ?? this.#causes.find((known) => sameCause(known.cause, cause))?.finding;
  }

  has(failure: Failure): boolean {
    return this.#of(failure) !== undefined;
  }

  /** Counts a failure met again; a symptom of another check or place is listed in the finding's `seenAs`. */
  again(failure: Failure): void {
    const finding = this.#of(failure);
    if (!finding) {
      return;
    }
    finding.occurrences++;
    seen(finding, [symptomOf(failure)]);
    if (!this.#byGroup.has(groupOf(failure)) && foldsPlace(causeOf(failure))) {
      this.#byGroup.set(groupOf(failure), finding);
    }
  }

  get full(): boolean {
    return this.#found().length >= MAX_FINDINGS;
  }

  /** Adds a finding (or counts it again, when it has one), with the calls that reproduce it. */
  add(failure: Failure, steps: Exchange[], foundBy: Finding["foundBy"]): void {
    if (this.has(failure)) {
      this.again(failure);
      return;
    }
    const last = steps.at(-1);
    const finding: Finding = {
      check: failure.check,
      rule: CHECK_RULES[failure.check],
      where: failure.where ?? "an unknown place",
      request: last ? `${last.method} ${pathOf(last.url)}` : "(none)",
      message: failure.message,
      expected: failure.expected || "what the document and the model predict",
      received: failure.received || (last ? `${last.response.status}` : ""),
      occurrences: 1,
      foundBy,
      steps,
      ...cleanupOf(steps),
    };
    const cause = causeOf(failure);
    this.#byGroup.set(groupOf(failure), finding);
    this.#causes.push({ cause, finding });
    this.#foldEarlier(cause, finding);
  }

  /**
   * Folds into `finding` the earlier findings that follow from its cause (the records an undeclared change
   * left, read back before the change was found): it takes the first one's place, and their counts.
   */
  #foldEarlier(cause: Cause, finding: Finding): void {
    const symptoms = new Set(
      this.#causes
        .filter((known) => known.finding !== finding && followsFrom(cause, known.cause))
        .map((known) => known.finding),
    );
    for (const symptom of symptoms) {
      finding.occurrences += symptom.occurrences;
      seen(finding, [`${symptom.check} in ${symptom.where}`, ...(symptom.seenAs ?? [])]);
    }
    for (const [group, found] of this.#byGroup) {
      if (symptoms.has(found)) {
        this.#byGroup.set(group, finding);
      }
    }
    for (const known of this.#causes) {
      if (symptoms.has(known.finding)) {
        known.finding = finding;
      }
    }
  }

  list(): Finding[] {
    return this.#found();
  }
}

/** Lists `symptoms` in the finding's `seenAs`: each once, and never the finding's own check and place. */
function seen(finding: Finding, symptoms: string[]): void {
  for (const symptom of symptoms) {
    if (symptom !== `${finding.check} in ${finding.where}` && !finding.seenAs?.includes(symptom)) {
      finding.seenAs = [...(finding.seenAs ?? []), symptom];
    }
  }
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * What undoes the steps: a DELETE of each record they created and did not delete, newest first (an
 * order before its pet, a pet before its category); a complete order cannot go, and is said to stay.
 */
function cleanupOf(steps: Exchange[]): Pick<Finding, "cleanup" | "leaves"> {
  const created: string[] = [];
  const complete = new Set<string>();
  for (const step of steps) {
    const url = step.url.split("?")[0]!;
    const ok = step.response.status >= 200 && step.response.status < 300;
    if (step.method === "POST" && step.response.status === 201) {
      const location = step.response.headers.location ?? step.response.headers.Location;
      const id = (() => {
        try {
          return (JSON.parse(step.response.body) as { id?: unknown }).id;
        } catch {
          return undefined;
        }
      })();
      const made = location ? new URL(location, url).href : typeof id === "number" ? `${url}/${id}` : undefined;
      if (made) {
        created.push(made);
      }
    } else if (step.method === "DELETE" && ok) {
      const at = created.indexOf(url);
      if (at >= 0) {
        created.splice(at, 1);
      }
    } else if (step.method === "PATCH" && ok && /"complete"\s*:\s*true/.test(step.body ?? "")) {
      complete.add(url);
    }
  }
  const newestFirst = created.reverse();
  return {
    cleanup: newestFirst.filter((url) => !complete.has(url)).map((url) => ({ method: "DELETE", url })),
    leaves: newestFirst
      .filter((url) => complete.has(url))
      .map((url) => `${pathOf(url)}: a complete order cannot be cancelled; it stays as history`),
  };
}
