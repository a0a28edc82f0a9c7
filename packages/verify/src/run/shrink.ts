// The one shrinker, of the tour's exercises and the random sequences alike: the fewest calls that
// still show a finding, from the state without the exercise's records, each attempt writing only what it
// makes itself. The reproduction is then cut of the reads it does not need (trim-reads.ts).

import { AffectsCheck, documentAffects } from "../model/affects.js";
import type { Command, Real } from "../model/command.js";
import { Failure } from "../model/failure.js";
import { ownRecords } from "../model/index.js";
import { attemptScope, Model, type Scope } from "../model/model.js";
import { OPTIONAL_OWN_RECORDS } from "../model/setup.js";
import type { Exchange } from "../report.js";
import { cleanUp } from "./cleanup.js";
import { located, MAX_PAGES, type RunContext, readUnrecorded } from "./context.js";
import { type Shrunk, withEarlierRead } from "./earlier-read.js";
import { groupOf } from "./findings.js";

/** How many commands before a failing one a shorter reproduction may keep: 0, 1, 2, 4, … */
const SUFFIXES = [0, 1, 2, 4, 8, 16];

/** The attempts of the shrinker so far, by the run's scope: each attempt's names are its own. */
const attempts = new WeakMap<Scope, number>();

/**
 * Runs `commands` from the state the backend holds, in a scope of their own (they aim only at what they
 * make: `attemptScope`), recording their calls; resolves to the failure they end in, if any.
 */
async function attemptReproduction(
  run: RunContext,
  commands: Command[],
  steps: Exchange[],
  real: Real,
): Promise<Failure | undefined> {
  const attempt = (attempts.get(run.scope) ?? 0) + 1;
  attempts.set(run.scope, attempt);
  const scope = attemptScope(run.scope, attempt);
  try {
    await run.recorder.recording(steps, async () => {
      const model = Model.from(await readUnrecorded(run), scope);
      model.maxPages = MAX_PAGES;
      for (const command of commands) {
        if (command.check(model)) {
          await command.run(model, real);
        }
      }
    });
    return undefined;
  } catch (error) {
    const failure = located(error, run.recorder.lastOperation);
    if (failure instanceof Failure) {
      return failure;
    }
    throw failure;
  } finally {
    if (!run.readOnly) {
      await cleanUp(run.target, scope);
    }
  }
}

/**
 * The fewest calls the run finds that still show `failure`: the failing command alone (without the
 * run's own records, then with them), then with the one, two, four… commands before it (of each of
 * `befores` in turn: the commands, then the commands with the reads back between them); then each
 * call left out in turn, the records made first too, while the failure still shows without it (a
 * reproduction carries no call it does not need), and a read before the writes whose answer the failing
 * read repeats (earlier-read.ts); else the calls as the tour made them (`steps`).
 */
export async function shortest(
  run: RunContext,
  befores: Command[][],
  failing: Command,
  failure: Failure,
  steps: Exchange[],
) {
  const wanted = groupOf(failure);
  // An x-affects finding shows only through the check: each attempt with one of its own, of the failing
  // write's operation only (a write before it, the run's own records too, may change what it reads).
  const real = (): Real =>
    failure.check === "x-affects"
      ? { target: run.target, affects: new AffectsCheck(documentAffects, Number.POSITIVE_INFINITY, failure.where) }
      : { target: run.target };
  const reproduces = async (commands: Command[]) => {
    const tried: Exchange[] = [];
    const again = await attemptReproduction(run, [...commands, failing], tried, real());
    return again && groupOf(again) === wanted ? { failure: again, steps: tried } : undefined;
  };
  for (const before of befores) {
    const found = await shortestFrom(run, before, reproduces);
    if (found) {
      return withEarlierRead(found, failing, reproduces, run.recorder);
    }
  }
  return { failure, steps };
}

type Reproduces = (commands: Command[]) => Promise<{ failure: Failure; steps: Exchange[] } | undefined>;

/** The fewest of `before` (the last one, two, four… and all), the run's own records too, with which the failure shows. */
async function shortestFrom(run: RunContext, before: Command[], reproduces: Reproduces): Promise<Shrunk | undefined> {
  for (const kept of [...SUFFIXES.filter((count) => count < before.length), before.length]) {
    for (const withRecords of kept <= 1 && !run.readOnly ? [false, true] : [!run.readOnly]) {
      const own = withRecords ? ownRecords() : [];
      let commands = [...own, ...before.slice(before.length - kept)];
      let found = await reproduces(commands);
      if (!found) {
        continue;
      }
      // Each command after the run's own records left out in turn, then the own records a failure may not
      // need: in groups first (fewer attempts), then each one alone, the last made first (a failing read of
      // the second pet needs neither the first pet nor its stock).
      const drops = [
        ...commands
          .slice(own.length)
          .map((command) => [command])
          .reverse(),
        ...OPTIONAL_OWN_RECORDS.filter(() => own.length > 0).map((indexes) => indexes.map((index) => own[index]!)),
        ...own.map((command) => [command]).reverse(),
      ];
      for (const dropped of drops) {
        const without = commands.filter((command) => !dropped.includes(command));
        if (without.length === commands.length) {
          continue; // left out already, with a larger group
        }
        const shorter = await reproduces(without);
        if (shorter) {
          commands = without;
          found = shorter;
        }
      }
      return { ...found, commands };
    }
  }
  return undefined;
}
