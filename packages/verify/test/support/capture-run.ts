// `petstore-verify capture` in process (captureMain, the real capture and the global fetch) against a
// backend at a URL: what it printed, its exit status, and the snapshot when it wrote one.
import { existsSync, readFileSync } from "node:fs";
import type { CapturedStateFile } from "../../src/capture/snapshot.js";
import { captureMain } from "../../src/cli/capture.js";

export interface CaptureRun {
  status: number;
  stdout: string;
  stderr: string;
  state: CapturedStateFile["sessions"]["default"] | undefined;
  ms: number;
}

/** Runs `capture ARGV --out OUT`; OUT is read back when the capture wrote it. */
export async function runCaptureTo(out: string, argv: string[]): Promise<CaptureRun> {
  let stdout = "";
  let stderr = "";
  const started = performance.now();
  const status = await captureMain([...argv, "--out", out], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
  });
  const ms = performance.now() - started;
  const state = existsSync(out)
    ? (JSON.parse(readFileSync(out, "utf8")) as CapturedStateFile).sessions.default
    : undefined;
  return { status, stdout, stderr, state, ms };
}
