// What a verification run found: the result `verify()` returns and every output format renders.

import type { Check } from "./checks.js";

/** One request the run sent, as it went on the wire, and what came back. */
export interface Exchange {
  method: string;
  /** The absolute URL. */
  url: string;
  /** Request headers as sent; the bearer key is replaced by `$PETSTORE_API_KEY` in every rendering. */
  headers: Record<string, string>;
  /** The request body as text, when there is one. */
  body?: string;
  response: {
    status: number;
    headers: Record<string, string>;
    /** The body as text, cut at 4,000 characters. */
    body: string;
  };
}

/** One difference between the backend and the document or the model. */
export interface Finding {
  /** The rule that broke, stable and greppable: one of `CHECK_KINDS` (`document.status`, `model.stock`, `x-affects`, …). */
  check: Check;
  /** The rule in words (`CHECK_RULES`). */
  rule: string;
  /**
   * Where it broke: the operation (`placeOrder`), `the state read back` (the invariants and the model
   * against every list after a sequence), or for authentication the way the key was missing.
   * Findings are one per defect: a failure of the same cause elsewhere is listed in `seenAs`.
   */
  where: string;
  /** The request that got the answer that broke the rule, `METHOD /path?query`. */
  request: string;
  /** One paragraph: what was expected (by the document or the model) and what the backend did. */
  message: string;
  /** What the document or the model expected, in the same terms as `received`. */
  expected: string;
  /** What the backend answered instead. */
  received: string;
  /**
   * The other checks and places that showed the same defect (`document.body in listPets`), folded into this
   * finding: one wrong value (a count, a header) fails several checks. Absent when there were none.
   */
  seenAs?: string[];
  /** How many times the run met it (each after the first was not shrunk or reported again). */
  occurrences: number;
  /** Whether the tour found it, a random sequence (shrunk), or a capture (the page that showed it). */
  foundBy: "tour" | "sequence" | "capture";
  /** The shortest sequence of calls the run found that reproduces it, in order; the last one is where it broke. */
  steps: Exchange[];
  /** Calls that delete what the steps created, to run after them; empty when they create nothing. */
  cleanup: { method: string; url: string }[];
  /** What the steps leave that no call can delete (a complete order stays as history). */
  leaves: string[];
}

/** One record the run wrote to: created, changed or deleted, and whether it is gone again. */
export interface LedgerEntry {
  /** `/pets/123`, `/categories/7`, `/store/orders/40`; a pet's stock counts as a change of the pet. */
  path: string;
  /** The run created it (a `POST` answered 201). */
  created: boolean;
  /** Writes that changed it and succeeded (`PUT`, `PATCH`, its stock set). */
  changes: number;
  /** A `DELETE` of it answered 204. */
  deleted: boolean;
}

/** Records the run created and could not delete at the end, and why. */
export interface Leftover {
  /** `/pets/123` */
  path: string;
  reason: string;
}

export interface VerifyReport {
  baseUrl: string;
  /** The seed of the run: `--seed` replays it. */
  seed: number;
  /** The run's id: every name the run writes carries it. */
  runId: string;
  readOnly: boolean;
  /** Wall time of the whole run, in milliseconds. */
  durationMs: number;
  requests: number;
  /** Requests by method, e.g. `{ GET: 410, POST: 52 }`. */
  requestsByMethod: Record<string, number>;
  /** operationIds the run called at least once, and those of the document it never called. */
  operationsCovered: string[];
  operationsNotCovered: string[];
  /** How many checks passed and how many ran, across responses, model predictions and x-affects. */
  checks: { run: number; failed: number };
  /** Empty when nothing was found. */
  findings: Finding[];
  leftovers: Leftover[];
  /**
   * Every record the run wrote to, by collection and id: what it created, changed and deleted. A run
   * that leaves a shared backend as it was deletes every record it created (complete orders aside: they
   * stay as history, and are leftovers) and changes no record it did not create.
   */
  ledger: LedgerEntry[];
  /** True when the step or time bound ended the run before every planned sequence ran. */
  stoppedEarly: boolean;
}

/** Why the run could not start or go on (exit status 2): one line a user can act on. */
export class CannotRun extends Error {
  override name = "CannotRun";
}
