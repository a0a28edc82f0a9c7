#!/usr/bin/env node
// `test:exports` of a published package, run in its folder: publint and attw read the tarball `pnpm pack` makes
// (what `pnpm publish` uploads), packed once per content by @petstore/testing/pack and shared with the tarball tests,
// where each tool packed the package again on its own (publint with pnpm, attw with npm). Quiet when both pass.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packFolderInto } from "@petstore/testing/pack";
import { runToEnd } from "@petstore/testing/process";

const dir = mkdtempSync(join(tmpdir(), "petstore-exports-"));
try {
  const tarball = join(dir, packFolderInto(process.cwd(), dir));
  for (const [command, ...args] of [
    ["publint", "run", tarball, "--strict"],
    // package.json is an entry point of every package (for tools), not one with types.
    ["attw", tarball, "--exclude-entrypoints", "./package.json"],
  ]) {
    const { code, signal, all } = await runToEnd(command, args);
    if (code !== 0) {
      process.stderr.write(all);
      console.error(
        `${[command, ...args].join(" ")} failed (${signal ?? (code === null ? "could not start" : `exit code ${code}`)})`,
      );
      process.exitCode = code || 1;
      break;
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
