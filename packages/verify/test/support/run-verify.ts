// The built petstore-verify CLI as the process tests run it: a child process with a time-out, its
// output collected, and how long it took.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { runToEnd } from "@petstore/testing/process";
import type { VerifyReport } from "../../src/report.js";

/** packages/verify/dist/cli.js, the package's `petstore-verify` bin. */
export const VERIFY_CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

export interface VerifyRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Wall time from spawn to exit. */
  ms: number;
}

/** Runs `petstore-verify ARGS` to its end; after `timeoutMs` it is killed (`timedOut`). */
export async function runVerify(args: string[], { timeoutMs = 110_000 } = {}): Promise<VerifyRun> {
  if (!existsSync(VERIFY_CLI)) {
    throw new Error(`${VERIFY_CLI} is missing: run pnpm --filter @petstore/verify build`);
  }
  const startedAt = performance.now();
  const result = await runToEnd(process.execPath, [VERIFY_CLI, ...args], {
    timeoutMs,
    name: ["petstore-verify", ...args].join(" "),
  });
  return { ...result, ms: performance.now() - startedAt };
}

/** How a run ended, with the end of its output, for an assertion's message. */
export function describeRun(run: VerifyRun): string {
  const end = run.timedOut ? "was killed at its time-out" : `exited ${run.code ?? run.signal}`;
  const tail = (text: string) => text.trimEnd().split("\n").slice(-8).join("\n");
  return `petstore-verify ${end} after ${(run.ms / 1000).toFixed(1)} s\nstderr: ${tail(run.stderr)}\nstdout: ${tail(run.stdout)}`;
}

/** The report a run wrote with `--json FILE`. */
export async function readReport(file: string): Promise<VerifyReport> {
  return JSON.parse(await readFile(file, "utf8")) as VerifyReport;
}
