// Runs README commands the way a reader would: bash, from a given folder, and says what happened.
import { spawn } from "node:child_process";
import { stripVTControlCharacters } from "node:util";

export type Outcome = { code: number | null; signal: NodeJS.Signals | null; output: string; timedOut: boolean };

/** Runs `bash -c command` to its end (or kills it after `timeoutMs`). */
export function runToEnd(command: string, options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }) {
  return new Promise<Outcome>((resolve) => {
    const child = spawn("bash", ["-c", command], { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid, "SIGKILL");
    }, options.timeoutMs);
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      // Colour codes (FORCE_COLOR under CI) would split what a reader sees, such as a URL or a number.
      resolve({ code, signal, output: stripVTControlCharacters(output), timedOut });
    });
  });
}

/**
 * Starts a command that serves until Ctrl-C, waits for the first `http://host:port` it prints, asks that URL
 * once, then sends SIGINT to its process group as a terminal's Ctrl-C does, and waits for it to end.
 */
export async function serveThenInterrupt(
  command: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<Outcome & { url?: string; answered?: number | string }> {
  const child = spawn("bash", ["-c", command], { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal })),
  );
  const url = await new Promise<string | undefined>((resolve) => {
    const timer = setTimeout(() => resolve(undefined), options.timeoutMs);
    const look = (chunk: Buffer) => {
      output += chunk;
      // Vite prints the port in bold when colours are on, as under CI.
      const match = /https?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+\/?/.exec(stripVTControlCharacters(output));
      if (match) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    };
    child.stdout.on("data", look);
    child.stderr.on("data", look);
    void closed.then(() => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
  let answered: number | string | undefined;
  if (url) {
    answered = await fetch(url).then(
      (response) => response.status,
      (error: Error) => `no answer: ${error.message}`,
    );
    // Ctrl-C comes once the command has said what it has to say, as a reader would press it.
    await settled(() => output.length);
  }
  killGroup(child.pid, "SIGINT");
  const killer = setTimeout(() => killGroup(child.pid, "SIGKILL"), 15_000);
  const end = await closed;
  clearTimeout(killer);
  return { ...end, output: stripVTControlCharacters(output), timedOut: !url, ...(url ? { url, answered } : {}) };
}

/** Resolves once `size()` has not changed for a second (at most 15 s). */
async function settled(size: () => number) {
  for (let waited = 0, last = -1; waited < 15_000 && size() !== last; waited += 1_000) {
    last = size();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

function killGroup(pid: number | undefined, signal: NodeJS.Signals) {
  try {
    if (pid) {
      process.kill(-pid, signal);
    }
  } catch {
    // Already gone.
  }
}
