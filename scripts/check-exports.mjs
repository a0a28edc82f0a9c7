#!/usr/bin/env node
// `test:exports` of a published package, run in its folder: publint and attw read the tarball `pnpm pack` makes
// (what `pnpm publish` uploads), kept once per content by @petstore/testing/pack and shared with the tarball tests,
// where each tool packed the package again on its own (publint with pnpm, attw with npm). Quiet when both pass.
import { readFileSync } from "node:fs";
import { packedTarball } from "@petstore/testing/pack";
import { runQuietly } from "./quiet.mjs";

const { name } = JSON.parse(readFileSync("package.json", "utf8"));
const tarball = packedTarball(name);
process.exitCode =
  (await runQuietly("publint", ["run", tarball, "--strict"])) ||
  // package.json is an entry point of every package (for tools), not one with types.
  (await runQuietly("attw", [tarball, "--exclude-entrypoints", "./package.json"]));
