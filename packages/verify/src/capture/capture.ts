// `capture()`: a backend's records, read with GET only and within the rate, checked against the
// document and the state rules, as a snapshot the mock loads as it is (`petstore-mock --state FILE`,
// `PUT /__petstore/sessions/{name}/state`, the in-process adapters' `initialState`).

import { pacer } from "../http/pacer.js";
import { retryingTooManyRequests } from "../http/retry.js";
import { sender, type Target } from "../http/target.js";
import { CannotRun } from "../report.js";
import { causeOf, isNetworkError, probe } from "../run/probe.js";
import { settingsOf } from "../run/settings.js";
import { accept } from "./accept.js";
import { capPerCollection } from "./cap.js";
import { captureFindings } from "./findings.js";
import { type ReadLists, readAll } from "./read-all.js";
import { COLLECTIONS, type Collection, counts } from "./records.js";
import { REDACTABLE_FIELDS, type RedactableField, redact } from "./redact.js";
import type { CaptureResult } from "./report.js";
import { stateFileText, toStateFile } from "./snapshot.js";
import { assertWithinRules, keepStateRules } from "./state-rules.js";

export interface CaptureOptions {
  /** The backend's base URL, e.g. `https://staging.example.com/api`. */
  baseUrl: string;
  /** A bearer key the backend accepts; the capture sends only GET requests with it. */
  apiKey: string;
  /** The most requests per second. Default 25. */
  rate?: number;
  /** At most this many categories, pets and orders, chosen so the snapshot stays whole. Default: the store's caps. */
  maxPerCollection?: number;
  /** Fields replaced by placeholders made from the record's id (`Pet 17`). */
  redact?: readonly RedactableField[];
  /**
   * What `text` holds: `state`, the mock's state file (`petstore-state`, the default), or `snapshot`, the one
   * snapshot inside it (`petstore-snapshot`): the body `PUT …/state` takes as it is, which `petstore-mock
   * --state` and `initialState` load too.
   */
  format?: CaptureFormat;
  /** A line of progress now and then (`pets: 400 of 1000 read`; the CLI prints them on stderr). */
  onProgress?: (line: string) => void;
  /** The fetch to send requests with. Default: the global fetch. */
  fetch?: typeof fetch;
  /** How long one request may take, its headers and whole body, before the capture gives up (exit 2). Default 30 s. */
  requestTimeoutMs?: number;
}

export type CaptureFormat = "state" | "snapshot";
export const CAPTURE_FORMATS: readonly CaptureFormat[] = ["state", "snapshot"];

/** How long one request may take, headers and body, before the backend counts as unreachable (as `verify`). */
export const REQUEST_TIMEOUT_MS = 30_000;
/** The longest a timer waits (past it, Node fires it at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

function checkedOptions(options: CaptureOptions): { maxPerCollection: number | undefined; redact: RedactableField[] } {
  const most = options.maxPerCollection;
  if (most !== undefined && !(Number.isSafeInteger(most) && most >= 0)) {
    throw new CannotRun(`maxPerCollection must be a whole number of 0 or more, got ${most}`);
  }
  const timeout = options.requestTimeoutMs;
  if (timeout !== undefined && !(timeout > 0 && timeout <= MAX_TIMER_MS)) {
    throw new CannotRun(`requestTimeoutMs must be a number above 0, at most ${MAX_TIMER_MS}, got ${timeout}`);
  }
  if (options.format !== undefined && !CAPTURE_FORMATS.includes(options.format)) {
    throw new CannotRun(`format must be ${CAPTURE_FORMATS.join(" or ")}, got ${JSON.stringify(options.format)}`);
  }
  const unknown = (options.redact ?? []).find((field) => !REDACTABLE_FIELDS.includes(field));
  if (unknown !== undefined) {
    throw new CannotRun(`redact: ${JSON.stringify(unknown)} is not one of ${REDACTABLE_FIELDS.join(", ")}`);
  }
  return { maxPerCollection: most, redact: [...(options.redact ?? [])] };
}

/**
 * Reads every record of a backend (GET only) and returns it as the mock's state file, with a report of
 * each record a rule left out or fixed. Throws `CannotRun` when the backend cannot be read: unreachable,
 * the key refused, a list that does not answer a page.
 * @example
 * const { state, report } = await capture({ baseUrl: "http://127.0.0.1:4010", apiKey: "petstore-demo-key" });
 * await writeFile("state.json", JSON.stringify(state, null, 2));
 */
export async function capture(options: CaptureOptions): Promise<CaptureResult> {
  const started = performance.now();
  const settings = settingsOf({ baseUrl: options.baseUrl, apiKey: options.apiKey, rate: options.rate });
  const { maxPerCollection, redact: fields } = checkedOptions(options);
  const onProgress = options.onProgress ?? (() => {});
  let requests = 0;
  const send = sender(settings.baseUrl, options.fetch ?? globalThis.fetch, {
    apiKey: settings.apiKey,
    timeoutMs: options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS,
    wait: pacer(settings.rate),
    onExchange: () => {
      requests++;
    },
  });
  const target: Target = { baseUrl: settings.baseUrl, send: retryingTooManyRequests(send), close: async () => {} };
  await probe(target);

  let read: ReadLists;
  try {
    read = await readAll(target, onProgress, maxPerCollection);
  } catch (error) {
    if (isNetworkError(error) && !(error instanceof CannotRun)) {
      throw new CannotRun(`lost ${settings.baseUrl} during the capture, so nothing was captured: ${causeOf(error)}`);
    }
    throw error;
  }
  const accepted = accept(read);
  const changes = [...accepted.changes];
  const withinRules = keepStateRules(accepted.state, changes);
  const { state: kept, capped } = capPerCollection(withinRules, maxPerCollection);
  assertWithinRules(kept);
  const captured = fields.length > 0 ? redact(kept, fields) : kept;
  const state = toStateFile(captured);
  return {
    report: {
      baseUrl: settings.baseUrl,
      durationMs: Math.round(performance.now() - started),
      requests,
      read: Object.fromEntries(
        COLLECTIONS.map((collection) => [collection, read[collection].records.length]),
      ) as Record<Collection, number>,
      captured: counts(captured),
      changes,
      capped,
      maxPerCollection,
      redacted: fields,
      stoppedAtCap: COLLECTIONS.filter((collection) => read[collection].stoppedAtCap),
      findings: captureFindings(changes, accepted.pages, read),
    },
    state,
    text: options.format === "snapshot" ? stateFileText(state.sessions.default) : stateFileText(state),
  };
}
