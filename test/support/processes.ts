// Runs README commands the way a reader would: bash, from a given folder, in a process group of its
// own (what a terminal's Ctrl-C reaches), and says what happened.

import { stripVTControlCharacters } from "node:util";
import { runToEnd as run, spawnWatched } from "@petstore/testing/process";

export type Outcome = { code: number | null; signal: NodeJS.Signals | null; output: string; timedOut: boolean };
type Options = { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number };

/** Runs `bash -c command` to its end (or kills it after `timeoutMs`). */
export async function runToEnd(command: string, options: Options): Promise<Outcome> {
  const { code, signal, all, timedOut } = await run("bash", ["-c", command], { ...options, detached: true });
  // Colour codes (FORCE_COLOR under CI) would split what a reader sees, such as a URL or a number.
  return { code, signal, output: stripVTControlCharacters(all), timedOut };
}

/**
 * Starts a command that serves until Ctrl-C, waits for the first `http://host:port` it prints, asks that URL
 * once, then sends SIGINT to its process group as a terminal's Ctrl-C does, and waits for it to end.
 */
export async function serveThenInterrupt(
  command: string,
  { timeoutMs, ...options }: Options,
): Promise<Outcome & { url?: string; answered?: number | string }> {
  const shell = spawnWatched("bash", ["-c", command], { ...options, detached: true });
  const url = await shell
    .printed(/https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/?/, { timeoutMs })
    .catch(() => undefined);
  let answered: number | string | undefined;
  if (url) {
    answered = await fetch(url).then(
      (response) => response.status,
      (error: Error) => `no answer: ${error.message}`,
    );
    // Ctrl-C comes once the command has said what it has to say, as a reader would press it.
    await settled(() => shell.output().all.length);
  }
  const end = await shell.stop({ signal: "SIGINT", graceMs: 15_000 });
  const output = stripVTControlCharacters(shell.output().all);
  return { ...end, output, timedOut: !url, ...(url ? { url, answered } : {}) };
}

/** Resolves once `size()` has not changed for a second (at most 15 s). */
async function settled(size: () => number) {
  for (let waited = 0, last = -1; waited < 15_000 && size() !== last; waited += 1_000) {
    last = size();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
