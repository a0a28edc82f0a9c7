import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { TSGO } from "@petstore/runtimes/typescript7";
import { expect, it } from "vitest";

// vitest's typecheck runs the type tests (test/**/*.test-d.ts) with the workspace's TypeScript 5.9; this runs them
// with TypeScript 7 (the native compiler, @typescript/native-preview), where a wrong error code must fail alike.

it("type-checks the type tests with TypeScript 7", () => {
  const project = join(import.meta.dirname, "../tsconfig.test-d.json");
  const report = (() => {
    try {
      return execFileSync(process.execPath, [TSGO, "--noEmit", "-p", project], { encoding: "utf8" });
    } catch (error) {
      return (error as { stdout: string }).stdout;
    }
  })();
  expect(report).toBe("");
  expect(execFileSync(process.execPath, [TSGO, "--version"], { encoding: "utf8" })).toMatch(/^Version 7\./);
}, 60_000);
