#!/usr/bin/env node
// `pnpm api:diff [--base REF] [--json] [--quiet]`: the change gate. Compares openapi/petstore.yaml at a base (the
// last release's document, openapi/released/petstore.yaml, unless --base names a git ref) with the working one, lists
// every change with its consequence and bump per consumer, and checks the pending changesets' bumps against them.
// Exit 0: the declared bumps cover the changes; 1: they do not (one line per change, package and bump needed);
// 2: the gate cannot run (one line saying why). `--record-release` records the working document as the released one
// (run by `pnpm release:version` after `changeset version`). The rules: packages/contract/README.md.
import {
  baseDocument,
  RELEASED,
  recordRelease,
  releasedCommit,
  workingDocument,
} from "../src/api-diff/base-document.js";
import { declaredBumps } from "../src/api-diff/changesets.js";
import { consumerFiles } from "../src/api-diff/consumer-files.js";
import { judge, requiredBumps, shortfalls, versionBump } from "../src/api-diff/gate.js";
import { reportLines } from "../src/api-diff/report.js";
import { ROOT } from "../src/api-diff/root.js";

const USAGE = "usage: pnpm api:diff [--base REF] [--json] [--quiet] | --record-release";

/** @param {string[]} args */
function parseArgs(args) {
  const options = { base: /** @type {string | undefined} */ (undefined), json: false, quiet: false, record: false };
  const words = args.filter((word) => word !== "--");
  for (let index = 0; index < words.length; index++) {
    const word = words[index];
    if (word === "--json" || word === "--quiet") {
      options[word === "--json" ? "json" : "quiet"] = true;
    } else if (word === "--record-release") {
      options.record = true;
    } else if (word === "--base" || word?.startsWith("--base=")) {
      options.base = word === "--base" ? words[++index] : word.slice("--base=".length);
      if (!options.base) {
        throw new Error(`--base needs a git ref\n${USAGE}`);
      }
    } else {
      throw new Error(`unknown argument ${word}\n${USAGE}`);
    }
  }
  return options;
}

async function main() {
  /** @type {ReturnType<typeof parseArgs>} */
  let options;
  /** @type {[import("../src/document.js").Document, import("../src/document.js").Document, ReturnType<typeof declaredBumps>]} */
  let inputs;
  try {
    options = parseArgs(process.argv.slice(2));
    if (options.record) {
      recordRelease(ROOT);
      console.log(`api:diff: recorded openapi/petstore.yaml as the released document (${RELEASED})`);
      return 0;
    }
    inputs = [baseDocument(ROOT, options.base), workingDocument(ROOT), declaredBumps(ROOT)];
  } catch (error) {
    console.error(`api:diff: ${/** @type {Error} */ (error).message}`);
    return 2;
  }
  const [base, next, { declared }] = inputs;
  // TypeScript is loaded only when there is something to compile.
  const same = JSON.stringify(base) === JSON.stringify(next);
  const checker = same ? undefined : (await import("../src/api-diff/type-check.js")).createTypeChecker();
  // The repository's consumer code as it was at the base: written against the previous version.
  const files = checker && consumerFiles(options.base ?? releasedCommit(ROOT));
  const changes = await judge(checker, base, next, undefined, files);
  const withVersion = {
    ...declared,
    "info.version": versionBump(String(base.info.version), String(next.info.version)),
  };
  const result = {
    base: options.base ?? `the last release (${RELEASED})`,
    changes,
    required: requiredBumps(changes),
    declared: withVersion,
    shortfalls: shortfalls(changes, withVersion),
  };
  if (options.json) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    const lines = reportLines(result);
    const failures = lines.filter((line) => line.startsWith("api:diff:") && line.includes(" needs a "));
    for (const line of options.quiet ? failures : lines) {
      (failures.includes(line) ? console.error : console.log)(line);
    }
  }
  return result.shortfalls.length > 0 ? 1 : 0;
}

process.exitCode = await main();
