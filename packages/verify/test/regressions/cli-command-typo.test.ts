import { expect, it } from "vitest";
import { runMain } from "../support/main-harness.js";

// `petstore-verify captur` said the command takes no positional arguments; it now names the command it
// was probably meant to be. And the `--redact` error's list of fields read "name pet.name, …, name or
// description": it now lists the fields, then what each shorthand stands for.
const neverRuns = () => Promise.reject(new Error("the run should not start"));
const HINT = "(pnpm exec petstore-verify --help, or npx petstore-verify --help, lists the flags)";

it.each([
  ["captur", "unknown command 'captur': did you mean capture?"],
  ["verify", "unknown command 'verify'"],
])("answers the command %j with the one it was probably meant to be", async (command, message) => {
  const { status, stderr, ranWith } = await runMain([command, "--base-url", "http://127.0.0.1:4010"], neverRuns);
  expect({ status, stderr, ranWith }).toEqual({
    status: 2,
    stderr: `petstore-verify: ${message}; the commands are capture, or none to verify ${HINT}\n`,
    ranWith: undefined,
  });
});

it("lists the fields --redact replaces, and the shorthands, when it is given another", async () => {
  const { status, stderr } = await runMain(
    [
      "capture",
      "--base-url",
      "http://127.0.0.1:4010",
      "--api-key",
      "k",
      "--out",
      "/tmp/never.json",
      "--redact",
      "email",
    ],
    neverRuns,
  );
  expect(status).toBe(2);
  expect(stderr).toContain(
    '--redact "email" is not a field it replaces; the fields are pet.name, category.name, category.description, and name (pet.name and category.name) or description (category.description)',
  );
});
