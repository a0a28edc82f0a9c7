// A read that answers stale data (a cache) shows it only after an earlier answer of the same read, made
// before the writes that should have changed it. On the backend a run checks, that earlier answer may
// come from a call a reproduction does not contain (the run's probe, an earlier exercise, a state read),
// so a reproduction that ends in such a read, pasted against a fresh backend, would answer right. When
// the failing read's answer repeats what the same read answered before the writes, the reproduction
// records that earlier read too.

import type { Command } from "../model/command.js";
import type { Failure } from "../model/failure.js";
import type { Exchange } from "../report.js";
import type { Recorder } from "./recorder.js";
import { answerOf } from "./trim-reads.js";

/** A shrunk reproduction: what it ends in, its calls, and the commands that made them (without the failing one). */
export interface Shrunk {
  failure: Failure;
  steps: Exchange[];
  commands: Command[];
}

type Reproduces = (commands: Command[]) => Promise<{ failure: Failure; steps: Exchange[] } | undefined>;

/**
 * `found` with the failing read made once more before its commands, when its answer then repeats that
 * earlier one despite the writes between (the earlier answer is what a stale read keeps); else `found`.
 */
export async function withEarlierRead(
  found: Shrunk,
  failing: Command,
  reproduces: Reproduces,
  recorder: Pick<Recorder, "steps">,
): Promise<Shrunk> {
  if (found.steps.at(-1)?.method !== "GET" || found.steps.every((step) => step.method === "GET")) {
    return found;
  }
  let from = -1;
  let to = -1;
  const earlier: Command = {
    check: (model) => failing.check(model),
    run: async (model, real) => {
      from = recorder.steps?.length ?? 0;
      try {
        await failing.run(model, real);
      } finally {
        to = recorder.steps?.length ?? 0;
      }
    },
    toString: () => `${failing} (before the writes)`,
  };
  const again = await reproduces([earlier, ...found.commands]);
  const last = again?.steps.at(-1);
  // Only a read: a write made earlier is another reproduction, not an earlier answer.
  if (!again || !last || from < 0 || again.steps.slice(from, to).some((step) => step.method !== "GET")) {
    return found;
  }
  const repeated = again.steps
    .slice(from, to)
    .find((step) => step.url === last.url && answerOf(step.response) === answerOf(last.response));
  const writesBetween = again.steps.slice(to, -1).some((step) => step.method !== "GET");
  return repeated && writesBetween
    ? { failure: again.failure, steps: [repeated, ...again.steps.slice(to)], commands: [earlier, ...found.commands] }
    : found;
}
