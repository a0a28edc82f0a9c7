// The whole of petstore-verify but the process: flags in, lines out, an exit status back. What it
// runs and where it writes are passed in, so tests drive it in-process.

import { closestName } from "../generated/did-you-mean.js";
import type { VerifyOptions } from "../options.js";
import { renderText } from "../report/text.js";
import { CannotRun, type VerifyReport } from "../report.js";
import { verify } from "../verify.js";
import { captureMain } from "./capture.js";
import { EXIT } from "./exit.js";
import { parseFlags, UsageError } from "./flags.js";
import { checkReportFilesWritable, ReportFileError, writeReportFiles } from "./report-files.js";
import { USAGE } from "./usage.js";
import { VERSION_LINE } from "./version.js";

/**
 * Where a usage error sends the reader: `petstore-verify` alone is on the PATH only when installed globally; in a
 * project that depends on it, and in a clone of its repository, pnpm exec and npx find it.
 */
export const HELP_COMMANDS = "pnpm exec petstore-verify --help, or npx petstore-verify --help,";

/** The commands petstore-verify takes before its flags. */
const COMMANDS = ["capture"];

export interface MainDependencies {
  /** What runs the checks: `verify` unless a test passes its own. */
  run?: (options: VerifyOptions) => Promise<VerifyReport>;
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
  env?: Record<string, string | undefined>;
}

/** Runs petstore-verify with `argv` (without `node` and the script) and returns its exit status. */
export async function main(
  argv: string[],
  { run = verify, stdout = process.stdout, stderr = process.stderr, env = process.env }: MainDependencies = {},
): Promise<number> {
  if (argv[0] === "capture") {
    return captureMain(argv.slice(1), { stdout, stderr, env });
  }
  const cannotRun = (reason: string) => {
    stderr.write(`petstore-verify: ${reason}\n`);
    return EXIT.cannotRun;
  };
  // A word before the flags is a command: `capture` is the only one (`captur` is it mistyped).
  const command = argv[0];
  if (command !== undefined && !command.startsWith("-")) {
    const meant = closestName(command, COMMANDS);
    return cannotRun(
      `unknown command '${command}'${meant ? `: did you mean ${meant}?` : ""}; the commands are ${COMMANDS.join(", ")}, or none to verify (${HELP_COMMANDS} lists the flags)`,
    );
  }
  let request: ReturnType<typeof parseFlags>;
  try {
    request = parseFlags(argv, env);
  } catch (error) {
    if (error instanceof UsageError) {
      return cannotRun(`${error.message} (${HELP_COMMANDS} lists the flags)`);
    }
    throw error;
  }
  if (request.kind === "help") {
    stdout.write(`${USAGE}\n`);
    return EXIT.nothingFound;
  }
  if (request.kind === "version") {
    stdout.write(`${VERSION_LINE}\n`);
    return EXIT.nothingFound;
  }
  const { options, reportFiles } = request;
  try {
    checkReportFilesWritable(reportFiles);
  } catch (error) {
    return cannotRun((error as Error).message);
  }

  stdout.write(`seed ${options.seed}: replay with --seed ${options.seed}\n`);
  let report: VerifyReport;
  try {
    report = await run({ ...options, onProgress: (line) => stderr.write(`${line}\n`) });
  } catch (error) {
    if (error instanceof CannotRun) {
      return cannotRun(error.message);
    }
    // Not a difference of the backend: a fault of this tool, reported as one so CI does not read it as a finding.
    return cannotRun(`stopped by an unexpected error: ${(error as Error)?.message ?? String(error)}`);
  }
  stdout.write(renderText(report, options.apiKey));
  try {
    writeReportFiles(reportFiles, report, options.apiKey);
  } catch (error) {
    if (error instanceof ReportFileError) {
      return cannotRun(error.message);
    }
    throw error;
  }
  return report.findings.length > 0 ? EXIT.differenceFound : EXIT.nothingFound;
}
