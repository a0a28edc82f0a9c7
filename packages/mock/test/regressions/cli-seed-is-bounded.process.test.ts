import { runCli } from "@petstore/testing/cli";
import { expect, it } from "vitest";

// --seed used to take up to 1,000,000 pets, more than the store holds in Node's default heap on a
// small container, and `--seed -1` got node:util's "argument is ambiguous" instead of our message.
// The mock's own tests run its CLI from src/, so that they need no build.
const run = async (...args: string[]) => {
  const { code: status, stderr } = await runCli(args, { from: "source" });
  return { status, stderr };
};

it("refuses --seed above the document's cap of pets with a usage error", async () => {
  const { status, stderr } = await run("--seed", "100001");
  expect({ status, stderr }).toEqual({
    status: 2,
    stderr:
      'petstore-mock: --seed must be a whole number from 0 to 100000 (got "100001")\nRun pnpm exec petstore-mock --help (or npx petstore-mock --help) for the options.\n',
  });
});

it("answers --seed -1 with its own message, not node:util's", async () => {
  for (const args of [
    ["--seed", "-1"],
    ["--port", "-5"],
  ]) {
    const { status, stderr } = await run(...args);
    expect({ status, stderr }).toEqual({
      status: 2,
      stderr: `petstore-mock: ${args[0]} must be a whole number from 0 to ${args[0] === "--seed" ? 100000 : 65535} (got "${args[1]}")\nRun pnpm exec petstore-mock --help (or npx petstore-mock --help) for the options.\n`,
    });
  }
});
