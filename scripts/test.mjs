#!/usr/bin/env node
// `pnpm test`: every check of the repository, as named stages run in order, each the root script of
// that name (`pnpm run NAME`). A stage prints what its script prints (nothing of its own on success);
// the first stage that fails stops the run, which then names it and how to run again from it.
//
//   pnpm test                  every stage
//   pnpm test --only NAME      that stage alone (repeat --only for several, run in stage order)
//   pnpm test --from NAME      that stage and every one after it
//   pnpm test --list           the stages, in order, and what each runs
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The stages of `pnpm test`, in order: each is the root package.json script of that name. */
export const STAGES = [
  "lint",
  "lint:openapi",
  "lint:spectral",
  "generate:check",
  "build",
  "typecheck",
  "test:exports",
  "test:unit",
  "test:jest",
  "test:playwright",
  "test:next",
  "test:samples",
  "test:msw3",
  "bench:smoke",
];

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const USAGE = "usage: pnpm test [--list | --only NAME… | --from NAME]";

/**
 * The stages the arguments select, in stage order; throws with a message for the user on a bad argument.
 * @param {string[]} args
 * @returns {{ list: true } | { list: false, stages: string[] }}
 */
export function selectStages(args) {
  /** @type {string[]} */
  const only = [];
  /** @type {string | undefined} */
  let from;
  let list = false;
  // pnpm 10 passes a `--` typed after the script name on to it: it means nothing here.
  const words = args.filter((word) => word !== "--");
  for (let index = 0; index < words.length; index++) {
    const word = /** @type {string} */ (words[index]);
    const [flag, inline] = word.startsWith("--") && word.includes("=") ? word.split(/=(.*)/s) : [word, undefined];
    if (flag === "--list") {
      list = true;
      continue;
    }
    if (flag !== "--only" && flag !== "--from") {
      throw new Error(`unknown argument ${word}\n${USAGE}`);
    }
    const name = inline ?? words[++index];
    if (!name) {
      throw new Error(`${flag} needs a stage name\n${USAGE}`);
    }
    if (!STAGES.includes(name)) {
      throw new Error(`no stage is named ${name}; the stages: ${STAGES.join(", ")}`);
    }
    if (flag === "--only") {
      only.push(name);
    } else if (from !== undefined) {
      throw new Error(`--from is given twice\n${USAGE}`);
    } else {
      from = name;
    }
  }
  if (only.length > 0 && from !== undefined) {
    throw new Error(`--only and --from do not go together\n${USAGE}`);
  }
  if (list) {
    return { list: true };
  }
  if (only.length > 0) {
    return { list: false, stages: STAGES.filter((stage) => only.includes(stage)) };
  }
  return { list: false, stages: from === undefined ? STAGES : STAGES.slice(STAGES.indexOf(from)) };
}

function main() {
  /** @type {ReturnType<typeof selectStages>} */
  let selection;
  try {
    selection = selectStages(process.argv.slice(2));
  } catch (error) {
    console.error(`pnpm test: ${/** @type {Error} */ (error).message}`);
    process.exit(2);
  }
  if (selection.list) {
    /** @type {Record<string, string>} */
    const scripts = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).scripts;
    const width = Math.max(...STAGES.map((stage) => stage.length));
    for (const stage of STAGES) {
      console.log(`${stage.padEnd(width)}  ${scripts[stage] ?? "(no such script in package.json)"}`);
    }
    return;
  }
  const started = performance.now();
  /** @type {string[]} */
  const took = [];
  for (const stage of selection.stages) {
    const stageStarted = performance.now();
    const { status, signal, error } = spawnSync("pnpm", ["run", stage], { cwd: ROOT, stdio: "inherit" });
    took.push(`${stage} ${((performance.now() - stageStarted) / 1000).toFixed(0)} s`);
    if (status === 0) {
      continue;
    }
    const how = error ? `could not start: ${error.message}` : signal ? `killed by ${signal}` : `exit code ${status}`;
    const next =
      STAGES.indexOf(stage) < STAGES.length - 1 ? `; run it and the rest with \`pnpm test --from ${stage}\`` : "";
    console.error(
      `\npnpm test: stage ${stage} failed (${how}). Run it alone with \`pnpm test --only ${stage}\`${next}.`,
    );
    process.exit(status || 1);
  }
  // One line at the end: where the time went, so a slower run says which stage grew.
  console.log(
    `\npnpm test: ${selection.stages.length} stage(s) passed in ${((performance.now() - started) / 1000).toFixed(0)} s: ${took.join(", ")}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main();
}
