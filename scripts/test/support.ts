// Runs a root script the way a person does in a terminal: `pnpm NAME ARGS` in its own process group,
// so that `interrupt()` sends SIGINT to the whole group as Ctrl-C does.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const started: ChildProcess[] = [];

export interface ScriptRun {
  /** Resolves once the combined output contains `text`; rejects if the script exits first. */
  printed(text: string): Promise<void>;
  output(): string;
  interrupt(): void;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function runScript(name: string, args: string[]): ScriptRun {
  const child = spawn("pnpm", [name, ...args], { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  started.push(child);
  let output = "";
  const waiters = new Set<() => void>();
  const collect = (chunk: Buffer) => {
    output += chunk;
    for (const check of waiters) {
      check();
    }
  };
  child.stdout!.on("data", collect);
  child.stderr!.on("data", collect);
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  return {
    printed: (text) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (output.includes(text)) {
            waiters.delete(check);
            resolve();
          }
        };
        waiters.add(check);
        check();
        exited.then(({ code }) =>
          reject(new Error(`pnpm ${name} exited (${code}) before printing ${text}:\n${output}`)),
        );
      }),
    output: () => output,
    interrupt: () => process.kill(-child.pid!, "SIGINT"),
    exited,
  };
}

/** Kills the process group of every script a test started and left running. */
export function killStartedScripts(): void {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
  }
}
