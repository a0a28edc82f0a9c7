// `verify()`: checks a backend behind a URL against the document and the model of its state rules,
// safely on a shared backend (it writes only to records it created, and deletes them after). A run
// is the tour (every rule the model knows, whatever the seed), then random sequences until the step
// or time bound; it goes on past each difference, so one run reports every broken rule it reaches.

import { pacer } from "./http/pacer.js";
import { retryingTooManyRequests } from "./http/retry.js";
import { sender, type Target } from "./http/target.js";
import { AffectsCheck, documentAffects } from "./model/affects.js";
import { newScope } from "./model/model.js";
import type { VerifyOptions } from "./options.js";
import { CannotRun, type VerifyReport } from "./report.js";
import { cleanUp } from "./run/cleanup.js";
import type { RunContext } from "./run/context.js";
import { Findings } from "./run/findings.js";
import { causeOf, isNetworkError, probe } from "./run/probe.js";
import { runRandom } from "./run/random.js";
import { Recorder } from "./run/recorder.js";
import { runTour } from "./run/run-tour.js";
import { settingsOf } from "./run/settings.js";

/** x-affects checks per write operation: pre-reads cost a dozen reads around each write. */
const AFFECTS_CHECKS_PER_OPERATION = 1;

/** A run's id, carried by every name it writes: short, so names stay within the document's length. */
const newRunId = () => `pv-${Math.random().toString(36).slice(2, 8)}`;

/** How long one request may take before the backend counts as unreachable. */
const REQUEST_TIMEOUT_MS = 30_000;

/** What a run is made of before it starts: its settings, its context (the target probed), and its x-affects check. */
export async function startRun(options: VerifyOptions) {
  const started = performance.now();
  const settings = settingsOf(options);
  const runId = newRunId();
  const recorder = new Recorder(settings.baseUrl);
  const send = sender(settings.baseUrl, settings.fetch, {
    apiKey: settings.apiKey,
    timeoutMs: REQUEST_TIMEOUT_MS,
    wait: pacer(settings.rate),
    onExchange: recorder.onExchange,
  });
  const target: Target = { baseUrl: settings.baseUrl, send: retryingTooManyRequests(send), close: async () => {} };
  await probe(target);

  const scope = newScope(runId);
  const affects = settings.readOnly ? undefined : new AffectsCheck(documentAffects, AFFECTS_CHECKS_PER_OPERATION);
  const findings = new Findings();
  const run: RunContext = {
    target,
    real: { target, ...(affects ? { affects } : {}) },
    scope,
    readOnly: settings.readOnly,
    steps: settings.steps,
    seed: settings.seed,
    deadline: started + settings.timeLimitMs,
    recorder,
    findings,
    coveredAll: () => recorder.coveredAll(settings.readOnly),
    onSequence: (sequence, commands) =>
      settings.onProgress(
        commands <= settings.steps
          ? `sequence ${sequence}: ${commands}/${settings.steps} commands, ${recorder.requests} requests, ${findings.list().length} finding(s)`
          : `sequence ${sequence}: ${commands} commands (past ${settings.steps}: an operation was not called yet), ${recorder.requests} requests`,
      ),
    onProgress: settings.onProgress,
  };
  return { started, settings, runId, run, affects };
}

export async function verify(options: VerifyOptions): Promise<VerifyReport> {
  const { started, settings, runId, run, affects } = await startRun(options);
  const { target, scope, recorder, findings } = run;
  try {
    const tour = await runTour(run);
    const outcome = await runRandom(run);
    const leftovers = settings.readOnly ? [] : await cleanUp(target, scope);
    const { covered, notCovered } = recorder.coverage();
    const found = findings.list();
    return {
      baseUrl: settings.baseUrl,
      seed: settings.seed,
      runId,
      readOnly: settings.readOnly,
      durationMs: Math.round(performance.now() - started),
      requests: recorder.requests,
      requestsByMethod: { ...recorder.byMethod },
      operationsCovered: covered,
      operationsNotCovered: notCovered,
      // Each response is checked against the document, each command against the model, each
      // sequence's end against the invariants, and each checked write against its x-affects.
      checks: {
        run:
          recorder.requests +
          tour.commands +
          tour.readbacks +
          outcome.commands +
          outcome.readbacks +
          (affects?.writes ?? 0),
        failed: found.reduce((sum, finding) => sum + finding.occurrences, 0),
      },
      findings: found,
      leftovers,
      ledger: recorder.ledger.entries(),
      stoppedEarly: tour.cut || outcome.timedOut,
    };
  } catch (error) {
    if (error instanceof CannotRun) {
      throw error;
    }
    if (isNetworkError(error)) {
      throw new CannotRun(`lost ${settings.baseUrl} during the run: ${causeOf(error)}`);
    }
    throw error;
  }
}
