import { defineConfig } from "vitest/config";
import SlowFilesFirst from "./scripts/slow-files-first.mjs";

// One run for the whole workspace; each package and example keeps its own vitest config, and a
// package's tests of its built artifacts have their own project (vitest.package.config.ts). A package's
// tests in tiers (README "Tests") add a project per tier: vitest.process.config.ts (child processes and
// sockets) and vitest.browser.config.ts (Chromium); its vitest.config.ts runs the in-process tier.
export default defineConfig({
  test: {
    // Three test files at a time on these 2-core machines (vitest's default is one fewer than the cores): many files
    // wait on a child process, a socket or Chromium, so more files than cores keep both busy (9 min with one, 6 with
    // two; with three, `pnpm test` from typecheck on took 551 s where it took 605 s with two).
    maxWorkers: 3,
    sequence: { sequencer: SlowFilesFirst },
    projects: [
      "{packages/*,examples/*,docs,scripts,test}/vitest.config.ts",
      "packages/*/vitest.{package,process,browser}.config.ts",
      "test/vitest.readmes.config.ts",
    ],
  },
});
