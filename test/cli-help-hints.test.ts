// A usage error of petstore-mock or petstore-verify names the flag it was probably meant to be, and help
// commands that run where a newcomer is: in a clone of this repository (here, after `pnpm build`), where
// `petstore-mock` alone is on no PATH. (The packed package's test runs them in an app that installed it.)
import { expect, it } from "vitest";
import { runToEnd } from "./support/processes.js";
import { ROOT } from "./support/readme-blocks.js";

const env = { ...process.env, npm_config_update_notifier: "false", npm_config_offline: "true" };
const run = (command: string) => runToEnd(command, { cwd: ROOT, env, timeoutMs: 60_000 });

it.each([
  ["petstore-mock", "--prot 80", "Unknown option '--prot': did you mean --port?"],
  [
    "petstore-verify",
    "--base-url http://127.0.0.1:4010 --api-key k --stpes 3",
    "Unknown option '--stpes': did you mean --steps?",
  ],
])("%s: a mistyped flag gets a suggestion and help commands that work in a clone", async (bin, args, suggestion) => {
  const refused = await run(`pnpm exec ${bin} ${args}`);
  expect(refused.code, refused.output).toBe(2);
  expect(refused.output).toContain(`${bin}: ${suggestion}`);
  const helps = [...refused.output.matchAll(new RegExp(`(?:pnpm exec|npx) ${bin} --help`, "g"))].map((m) => m[0]);
  expect(helps.length, refused.output).toBeGreaterThan(0);
  for (const help of helps) {
    const outcome = await run(help);
    expect({ help, code: outcome.code }, outcome.output).toEqual({ help, code: 0 });
    expect(outcome.output).toMatch(new RegExp(`^Usage: ${bin} `, "m"));
  }
});
