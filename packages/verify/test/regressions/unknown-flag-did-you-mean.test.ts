import { expect, it } from "vitest";
import { runMain } from "../support/main-harness.js";

// An unknown flag got node:util's "Unknown option '--stpes'" and no more; it now names the flag it was probably
// meant to be. The hint named `petstore-verify --help`, which is on the PATH only after a global install: in a
// project or a clone it is `pnpm exec petstore-verify` or `npx petstore-verify`.
const neverRuns = () => Promise.reject(new Error("the run should not start"));
const HINT = "(pnpm exec petstore-verify --help, or npx petstore-verify --help, lists the flags)";

it.each([
  [["--stpes", "3"], "Unknown option '--stpes': did you mean --steps?"],
  [["--base-ulr", "http://127.0.0.1:4010"], "Unknown option '--base-ulr': did you mean --base-url?"],
  [["--readonly"], "Unknown option '--readonly': did you mean --read-only?"],
  [["--bogus"], "Unknown option '--bogus'"],
])(
  "answers %j with the flag it was probably meant to be, and help that runs in a project or a clone",
  async (argv, message) => {
    const { status, stderr, ranWith } = await runMain(
      ["--base-url", "http://127.0.0.1:4010", "--api-key", "k", ...argv],
      neverRuns,
    );
    expect({ status, stderr, ranWith }).toEqual({
      status: 2,
      stderr: `petstore-verify: ${message} ${HINT}\n`,
      ranWith: undefined,
    });
  },
);
