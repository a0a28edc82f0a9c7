// The README's first command on a machine that has never installed: `pnpm start` installs only what the mock and
// the SDK need, then serves and shows the SDK's call. Run in a copy of the working tree with no node_modules (its
// dist/ folders kept, with their times, so the start does not rebuild): pnpm takes the packages from the store that
// `pnpm install` filled, as it would download them on a new machine.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type Outcome, serveThenInterrupt } from "./support/processes.js";
import { ROOT } from "./support/readme-blocks.js";

/**
 * Packages only the examples' and the runtimes' tests need: a quickstart that downloads them is not light. TypeScript 7
 * is not one: the packages' builds write their declarations with it (scripts/declarations.mjs), in a fifth of the CPU.
 */
const NOT_FOR_THE_QUICKSTART = ["bun", "deno", "next", "wrangler", "workerd", "storybook"];

let copy: string;
let outcome: Outcome & { url?: string; answered?: number | string };

beforeAll(async () => {
  copy = mkdtempSync(path.join(tmpdir(), "petstore-quickstart-"));
  cpSync(ROOT, copy, {
    recursive: true,
    preserveTimestamps: true,
    filter: (source) => !/(^|\/)(node_modules|\.git|\.tmp)$/.test(path.relative(ROOT, source)),
  });
  outcome = await serveThenInterrupt("pnpm start --port 0", { cwd: copy, env: process.env, timeoutMs: 180_000 });
}, 240_000);

afterAll(() => rmSync(copy, { recursive: true, force: true }));

it("installs what the mock and the SDK need, serves, and shows the SDK's call", () => {
  expect(outcome.output).toMatch(/^Installing what the mock and the SDK need/m);
  expect(outcome.output).toMatch(/^Installed in \d+ s\.$/m);
  expect(outcome.output).not.toMatch(/^Building/m);
  expect(outcome.output).toMatch(/^ {2}SDK: GET \/pets → \d+ pets, first: /m);
  expect({ code: outcome.code, signal: outcome.signal }).toEqual({ code: 0, signal: null });
});

it("leaves the examples' runtimes and frameworks uninstalled", () => {
  const installed = readdirSync(path.join(copy, "node_modules/.pnpm"));
  const heavy = installed.filter((name) => NOT_FOR_THE_QUICKSTART.some((prefix) => name.startsWith(`${prefix}@`)));
  expect(heavy).toEqual([]);
  expect(existsSync(path.join(copy, "examples/next-app/node_modules"))).toBe(false);
});
