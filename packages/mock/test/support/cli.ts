// Spawns the built petstore-mock CLI (bin/ → dist/cli.js) for the tests that run it as a process.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const bin = fileURLToPath(new URL("../../bin/petstore-mock.js", import.meta.url));
const built = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
const running: ChildProcess[] = [];

export interface CliUnderTest {
  child: ChildProcess;
  /** Resolves with the URL once the ready line is printed. */
  ready: Promise<string>;
  /** Resolves with the exit code (null when a signal killed the process) and the signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): { stdout: string; stderr: string };
  /** Resolves once stdout contains `text`; rejects if the process exits first. */
  printed(text: string): Promise<void>;
}

/** Fails early with a clear message when the CLI has not been built. */
export function requireBuiltCli(): void {
  if (!existsSync(built)) {
    throw new Error("packages/mock/dist/cli.js is missing: run `pnpm build` first");
  }
}

/** Starts `petstore-mock ARGS`; `nodeArgs` go to Node first (e.g. `--import` a preload). */
export function startCli(args: string[], nodeArgs: string[] = []): CliUnderTest {
  const child = spawn(process.execPath, [...nodeArgs, bin, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  running.push(child);
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr!.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit").then(([code, signal]) => ({
    code: code as number | null,
    signal: signal as NodeJS.Signals | null,
  }));
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (stdout.includes(text)) {
          child.stdout!.off("data", check);
          resolve();
        }
      };
      child.stdout!.on("data", check);
      check();
      exited.then(({ code, signal }) =>
        reject(
          new Error(`petstore-mock exited (${signal ?? code}) before printing ${JSON.stringify(text)}: ${stderr}`),
        ),
      );
    });
  const ready = printed("listening on").then(() => /http:\/\/[\d.]+:\d+/.exec(stdout)![0]);
  // Tests that expect a failed start never await `ready`.
  ready.catch(() => undefined);
  return { child, ready, exited, output: () => ({ stdout, stderr }), printed };
}

/** Kills every CLI a test started and left running. */
export function killStartedClis(): void {
  for (const child of running.splice(0)) {
    child.kill("SIGKILL");
  }
}
