#!/usr/bin/env node
// `tsgo` (TypeScript 7, the native compiler) with tsc's command line, for the workspace's `typecheck` scripts: it
// checks the sources in a fifth of tsc 5.9's CPU, which `pnpm test` runs short of. TypeScript 5.9 still checks
// what is published: the type tests (vitest) and the packed packages' declarations (their tests, `skipLibCheck` off).
// The compiler comes from @petstore/runtimes (the builds' declarations take the packages' own: scripts/declarations.mjs).
import { spawnSync } from "node:child_process";
import { TSGO } from "../packages/runtimes/src/typescript7.js";

const result = spawnSync(TSGO, process.argv.slice(2), { stdio: "inherit" });
process.exit(result.status ?? 1);
