// `petstore-verify capture ...`: flags in, the snapshot written, the summary and findings out, an exit
// status back. What it runs and where it prints are passed in, so tests drive it in-process.
import { type CaptureOptions, capture } from "../capture/capture.js";
import type { CaptureResult } from "../capture/report.js";
import { printable, renderCaptureText } from "../capture/text.js";
import { withoutKey } from "../report/redact.js";
import { CannotRun } from "../report.js";
import { CAPTURE_USAGE, type CaptureRequest, parseCaptureFlags } from "./capture-flags.js";
import { checkOutWritable, OutFileError, writeOutAtomically } from "./capture-out.js";
import { EXIT } from "./exit.js";
import { UsageError } from "./flags.js";

export interface CaptureMainDependencies {
  /** What captures: `capture` unless a test passes its own. */
  run?: (options: CaptureOptions) => Promise<CaptureResult>;
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
  env?: Record<string, string | undefined>;
}

const HELP = "pnpm exec petstore-verify capture --help";

/** Runs `petstore-verify capture` with `argv` (the words after `capture`) and returns its exit status. */
export async function captureMain(
  argv: string[],
  { run = capture, stdout = process.stdout, stderr = process.stderr, env = process.env }: CaptureMainDependencies = {},
): Promise<number> {
  let apiKey = "";
  // A backend's answer can echo the key or carry terminal controls: neither reaches the terminal.
  const cannotRun = (reason: string) => {
    stderr.write(`petstore-verify capture: ${printable(withoutKey(reason, apiKey))}\n`);
    return EXIT.cannotRun;
  };
  let request: CaptureRequest;
  try {
    request = parseCaptureFlags(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      return cannotRun(`${error.message} (${HELP} lists the flags)`);
    }
    throw error;
  }
  if (request.kind === "help") {
    stdout.write(`${CAPTURE_USAGE}\n`);
    return EXIT.nothingFound;
  }
  const { options, out } = request;
  apiKey = options.apiKey;
  let result: CaptureResult;
  try {
    checkOutWritable(out);
    result = await run({ ...options, onProgress: (line) => stderr.write(`${line}\n`) });
    writeOutAtomically(out, result.text);
  } catch (error) {
    if (error instanceof CannotRun || error instanceof OutFileError) {
      return cannotRun(error.message);
    }
    return cannotRun(`stopped by an unexpected error, nothing written: ${(error as Error)?.message ?? String(error)}`);
  }
  stdout.write(withoutKey(renderCaptureText(result.report, out), apiKey));
  return result.report.findings.length > 0 ? EXIT.differenceFound : EXIT.nothingFound;
}
