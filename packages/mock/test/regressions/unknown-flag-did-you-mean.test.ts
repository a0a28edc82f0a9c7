import { expect, it } from "vitest";
import { closestFlag, editDistance } from "../../src/core/generated/did-you-mean.js";
import { HELP_HINT, parseOptions, UsageError } from "../../src/node/cli-options.js";

// An unknown flag got node:util's "Unknown option '--prot'" and no more; it now names the flag it was probably
// meant to be. The hint after every usage error named `petstore-mock --help`, which is on the PATH only after a
// global install: in a project or a clone it is `pnpm exec petstore-mock` or `npx petstore-mock`.
const refusal = (args: string[]) => {
  try {
    parseOptions(args);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`${args.join(" ")} was accepted`);
};

it.each([
  [["--prot", "80"], "Unknown option '--prot': did you mean --port?"],
  [["--port=80", "--seeed", "3"], "Unknown option '--seeed': did you mean --seed?"],
  [["--apikey", "k"], "Unknown option '--apikey': did you mean --api-key?"],
  [["--alowed-host", "box"], "Unknown option '--alowed-host': did you mean --allowed-host?"],
  [["-port", "80"], "Unknown option '-p': did you mean --port?"],
  [["--cors", "*"], "Unknown option '--cors': did you mean --cors-origin?"],
  [["--max-session", "3"], "Unknown option '--max-session': did you mean --max-sessions?"],
  [["--bogus"], "Unknown option '--bogus'"],
])("answers %j with the flag it was probably meant to be", (args, message) => {
  expect(refusal(args)).toBe(message);
});

it("suggests nothing when two flags are as close, or none is close enough", () => {
  expect(closestFlag("--max", ["max-sessions", "max-records"])).toBeUndefined();
  expect(closestFlag("--xyz", ["port", "host"])).toBeUndefined();
  expect(closestFlag("--Port=80", ["port", "host"])).toBe("--port");
  expect(editDistance("prot", "port")).toBe(1);
  expect(editDistance("", "log")).toBe(3);
});

it("names commands that find the bin in a project and in a clone, not only on the PATH", () => {
  expect(HELP_HINT).toContain("pnpm exec petstore-mock --help");
  expect(HELP_HINT).toContain("npx petstore-mock --help");
});
