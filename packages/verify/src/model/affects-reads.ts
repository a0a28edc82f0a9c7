// The reads around a write that the x-affects check compares, taken one of two ways:
// - snapshot (a store in this process, `real.observe` and `real.restore`): the reads are sent on the
//   state the write left, then on the state before it (restored, then put back), so only successful
//   writes cost reads and even the records a write creates are read before;
// - pre-read (a backend behind a URL): the lists and the records the write names are read before it
//   is sent and again after; the records named only by its response are not compared.
// Which reads: see affects-calls.ts.

import { byIdCalls, collect, hash, listCalls, type ReadCall, valuesOf, type Write } from "./affects-calls.js";
import type { Real } from "./command.js";
import type { Answer } from "./diff.js";
import type { ObservedState } from "./observed.js";

/** Each read's answer, by URL, on the state before the write and on the state after it. */
export type Answers = Record<"before" | "after", Map<string, Answer>>;
/** Sends one read (a GET of `url`) and counts it. */
type Read = (url: string) => Promise<Answer>;

/** Pre-read mode: the lists, then the records the write names and one record of each list, before it is sent. */
export async function preRead(read: Read, write: Write, calls: Map<string, ReadCall>, answers: Answers): Promise<void> {
  const values = valuesOf(write);
  const spin = hash(`${write.request.method} ${write.request.url} ${String(write.request.body ?? "")}`);
  for (const call of listCalls()) {
    const answer = await read(call.url);
    answers.before.set(call.url, answer);
    calls.set(call.url, call);
    collect(values, call, answer, spin);
  }
  for (const call of byIdCalls(values, calls)) {
    answers.before.set(call.url, await read(call.url));
    calls.set(call.url, call);
  }
}

/** Snapshot mode: reads on the state after the write and on the state before it, in up to three rounds. */
export async function readAround(
  read: Read,
  real: Real,
  before: ObservedState,
  write: Write,
  calls: Map<string, ReadCall>,
  answers: Answers,
): Promise<void> {
  const after = real.observe!();
  const values = valuesOf(write);
  const spin = hash(`${write.request.method} ${write.request.url} ${write.response!.text}`);
  let pending: ReadCall[] = [...listCalls(), ...byIdCalls(values, calls)];
  let state: "before" | "after" = "after";
  try {
    // Round 1 reads the lists and the records the write names; rounds 2 and 3 the records those name.
    for (let round = 0; pending.length > 0 && round < 3; round++) {
      const phases: ("before" | "after")[] = state === "after" ? ["after", "before"] : ["before", "after"];
      for (const phase of phases) {
        if (phase !== state) {
          await real.restore!(phase === "before" ? before : after);
          state = phase;
        }
        for (const call of pending) {
          answers[phase].set(call.url, await read(call.url));
        }
      }
      for (const call of pending) {
        calls.set(call.url, call);
        for (const phase of ["before", "after"] as const) {
          collect(values, call, answers[phase].get(call.url)!, spin);
        }
      }
      pending = byIdCalls(values, calls);
    }
  } finally {
    if (state !== "after") {
      await real.restore!(after);
    }
  }
}
