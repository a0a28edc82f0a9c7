// Runs the CLI's main() in-process with a run of the test's choosing, and keeps what it printed.
import { type MainDependencies, main } from "../../src/cli/main.js";
import type { VerifyOptions } from "../../src/options.js";
import type { VerifyReport } from "../../src/report.js";

export interface MainResult {
  status: number;
  stdout: string;
  stderr: string;
  /** What the run was given, when main got as far as running. */
  ranWith: VerifyOptions | undefined;
}

export async function runMain(
  argv: string[],
  run: (options: VerifyOptions) => Promise<VerifyReport>,
  env: MainDependencies["env"] = {},
): Promise<MainResult> {
  let stdout = "";
  let stderr = "";
  let ranWith: VerifyOptions | undefined;
  const status = await main(argv, {
    run: (options) => {
      ranWith = options;
      return run(options);
    },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  });
  return { status, stdout, stderr, ranWith };
}
