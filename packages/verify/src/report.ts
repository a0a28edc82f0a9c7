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
  /** One paragraph: what was expected (by the document or the model) and what the backend did. */
  message: string;
  /** The shrunk sequence of calls that reproduces it, in order; the last one is where it broke. */
  steps: Exchange[];
  /** What the document or the model expected of the last response. */
  expected: string;
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
  /** True when the step or time bound ended the run before every planned sequence ran. */
  stoppedEarly: boolean;
}

/** Why the run could not start or go on (exit status 2): one line a user can act on. */
export class CannotRun extends Error {
  override name = "CannotRun";
}
