import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, expect, it } from "vitest";

// --seed used to take up to 1,000,000 pets, more than the store holds in Node's default heap on a
// small container, and `--seed -1` got node:util's "argument is ambiguous" instead of our message.
const bin = fileURLToPath(new URL("../../bin/petstore-mock.js", import.meta.url));

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL("../../dist/cli.js", import.meta.url)))) {
    throw new Error("packages/mock/dist/cli.js is missing: run `pnpm build` first");
  }
});

const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: "utf8", timeout: 30_000 });

it("refuses --seed above the document's cap of pets with a usage error", () => {
  const { status, stderr } = run("--seed", "100001");
  expect({ status, stderr }).toEqual({
    status: 2,
    stderr:
      'petstore-mock: --seed must be a whole number from 0 to 100000 (got "100001")\nRun petstore-mock --help for the options.\n',
  });
});

it("answers --seed -1 with its own message, not node:util's", () => {
  for (const args of [
    ["--seed", "-1"],
    ["--port", "-5"],
  ]) {
    const { status, stderr } = run(...args);
    expect({ status, stderr }).toEqual({
      status: 2,
      stderr: `petstore-mock: ${args[0]} must be a whole number from 0 to ${args[0] === "--seed" ? 100000 : 65535} (got "${args[1]}")\nRun petstore-mock --help for the options.\n`,
    });
  }
});
