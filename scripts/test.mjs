#!/usr/bin/env node
// `pnpm test`: every check of the repository, as named stages run in order, each the root script of
// that name (`pnpm run NAME`). A stage prints what its script prints (nothing of its own on success);
// the first stage that fails stops the run (no stage starts after it; those already running end first), which then
// names it and how to run again from it.
//
//   pnpm test                  every stage
//   pnpm test --only NAME      that stage alone (repeat --only for several, run in stage order)
//   pnpm test --from NAME      that stage and every one after it
//   pnpm test --list           the stages, in order, and what each runs
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The stages of `pnpm test`, in order: each is the root package.json script of that name. */
export const STAGES = [
  "lint",
  "lint:openapi",
  "lint:spectral",
  "generate:check",
  "api:diff:check",
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

/**
 * Stages that run two at a time, in the order written (the longest first): consecutive stages of one set share the
 * machine's two cores. Each starts its servers on free ports and writes only folders of its own, so none can see
 * another's work; a failure still stops the run once the stage beside it ends.
 */
export const TOGETHER = [["test:msw3", "bench:smoke", "test:next", "test:playwright", "test:samples", "test:jest"]];
/**
 * Stages that run beside a longer one when both are selected, in lanes of their own, one stage after another, at a
 * lower CPU priority (`nice`): they take the CPU the unit tests leave idle while they wait on child processes,
 * sockets and Chromium (a third of their time here on 2 cores) and yield the rest. At 19 a stage gets a core only
 * when the unit tests leave it idle: for stages with no time-out (tsc, publint, attw), which starved only take longer.
 * At 5 a stage still gets a quarter of a core beside two busy test workers: for the stages with time-outs, each of
 * which passes on a machine loaded by more than this. When the longer stage ends, what a lane has not started runs
 * `AT_ONCE` at a time at the normal priority. Each writes nothing another reads and serves on free ports only.
 */
export const BESIDE = {
  // The checks of the sources (biome, the documents' linters, the generated code's drift, the change gate against the
  // last release's document) read what the build does not write: they take the core tsup leaves.
  build: [{ priority: 0, stages: ["lint", "lint:openapi", "lint:spectral", "generate:check", "api:diff:check"] }],
  "test:unit": [
    { priority: 19, stages: ["typecheck", "test:exports"] },
    // Two lanes: each of these waits on installs, downloads, builds and browsers more than it computes, and one lane
    // of all six ran past the end of test:unit.
    { priority: 5, stages: ["test:msw3", "test:playwright", "test:jest"] },
    { priority: 5, stages: ["bench:smoke", "test:next", "test:samples"] },
  ],
};
const AT_ONCE = 2;

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

async function main() {
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
    for (const set of TOGETHER) {
      console.log(`side by side, ${AT_ONCE} at a time: ${set.join(", ")}`);
    }
    for (const [host, lanes] of Object.entries(BESIDE)) {
      for (const { priority, stages } of lanes) {
        console.log(`beside ${host}, at nice ${priority}: ${stages.join(", ")}`);
      }
    }
    return;
  }
  const started = performance.now();
  /** @type {string[]} */
  const took = [];
  const run = { took, failed: /** @type {Failure | undefined} */ (undefined) };
  /** @type {Promise<unknown>[]} */
  const besideRuns = [];
  for (const batch of batches(selection.stages)) {
    const lanes = batch.beside.map(({ priority, stages }) => ({ priority, waiting: [...stages] }));
    for (const { priority, waiting } of lanes) {
      besideRuns.push(runLane(waiting, run, { alone: false, priority }));
    }
    await runBatch(batch.stages, run);
    // What the lanes beside have not started yet takes the cores the batch leaves, at the normal priority.
    for (const { waiting } of lanes) {
      for (let extra = 1; extra < AT_ONCE && waiting.length > 0; extra++) {
        besideRuns.push(runLane(waiting, run, { alone: false, priority: 0 }));
      }
    }
    if (run.failed) {
      break;
    }
  }
  await Promise.all(besideRuns);
  if (run.failed) {
    const { stage, how, status } = run.failed;
    const next =
      STAGES.indexOf(stage) < STAGES.length - 1 ? `; run it and the rest with \`pnpm test --from ${stage}\`` : "";
    console.error(
      `\npnpm test: stage ${stage} failed (${how}). Run it alone with \`pnpm test --only ${stage}\`${next}.`,
    );
    console.error(`pnpm test: the stages that ended, in ${elapsed(started)} s: ${took.join(", ")}`);
    process.exit(status || 1);
  }
  // One line at the end: where the time went, so a slower run says which stage grew.
  console.log(`\npnpm test: ${selection.stages.length} stage(s) passed in ${elapsed(started)} s: ${took.join(", ")}`);
}

/** Whole seconds since `start` (a `performance.now()`). @param {number} start */
const elapsed = (start) => ((performance.now() - start) / 1000).toFixed(0);

/** @typedef {{ stage: string, how: string, status: number | null }} Failure */
/** @typedef {{ took: string[], failed: Failure | undefined }} Run */

/** @typedef {{ priority: number, stages: string[] }} Lane */

/**
 * The selected stages in runs, in stage order: a stage alone, or the selected stages of one `TOGETHER` set that
 * follow each other, in that set's order; each with the lanes of selected stages that run `BESIDE` it (taken out of
 * the order).
 * @param {string[]} stages
 * @returns {{ stages: string[], beside: Lane[] }[]}
 */
export function batches(stages) {
  /** @type {Record<string, Lane[]>} */
  const beside = BESIDE;
  const hosted = (/** @type {string} */ stage) =>
    Object.entries(beside).some(
      ([host, lanes]) => stages.includes(host) && lanes.some((lane) => lane.stages.includes(stage)),
    );
  /** @type {{ stages: string[], beside: Lane[] }[]} */
  const runs = [];
  for (const stage of stages.filter((candidate) => !hosted(candidate))) {
    const set = TOGETHER.find((together) => together.includes(stage));
    const last = runs.at(-1);
    if (set && last && set.includes(/** @type {string} */ (last.stages[0]))) {
      last.stages.push(stage);
      last.stages.sort((a, b) => set.indexOf(a) - set.indexOf(b));
    } else {
      const lanes = (beside[stage] ?? []).map(({ priority, stages: laneStages }) => ({
        priority,
        stages: laneStages.filter((candidate) => stages.includes(candidate)),
      }));
      runs.push({ stages: [stage], beside: lanes.filter((lane) => lane.stages.length > 0) });
    }
  }
  return runs;
}

/**
 * Runs a batch of stages, `AT_ONCE` at a time; after the first failure (recorded in `run`) none is started.
 * A stage alone prints as it goes; stages side by side print each its whole output when it ends, one after another.
 * @param {string[]} batch
 * @param {Run} run
 */
async function runBatch(batch, run) {
  const waiting = [...batch];
  const how = { alone: batch.length === 1, priority: 0 };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, batch.length) }, () => runLane(waiting, run, how)));
}

/**
 * Runs the stages of `waiting` one after another, taking each from the front, until none is left or one failed.
 * @param {string[]} waiting
 * @param {Run} run
 * @param {{ alone: boolean, priority: number }} how
 */
async function runLane(waiting, run, how) {
  for (let stage = waiting.shift(); stage !== undefined && !run.failed; stage = waiting.shift()) {
    const stageStarted = performance.now();
    const outcome = await runStage(stage, how);
    run.took.push(`${stage} ${elapsed(stageStarted)} s${how.priority > 0 ? ` (nice ${how.priority})` : ""}`);
    if (outcome.status !== 0) {
      run.failed ??= { stage, ...outcome };
    }
  }
}

/**
 * `pnpm run STAGE`: its output straight through when it runs alone, else gathered and printed when it ends; at a
 * `priority` above 0, niced (its processes inherit the priority of pnpm, set before pnpm starts any).
 * @param {string} stage
 * @param {{ alone: boolean, priority: number }} how
 * @returns {Promise<{ how: string, status: number | null }>}
 */
function runStage(stage, { alone, priority }) {
  return new Promise((resolve) => {
    const command = priority > 0 ? ["nice", "-n", String(priority), "pnpm"] : ["pnpm"];
    const child = spawn(/** @type {string} */ (command[0]), [...command.slice(1), "run", stage], {
      cwd: ROOT,
      stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    /** @type {Buffer[]} */
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("error", (error) => resolve({ how: `could not start: ${error.message}`, status: 1 }));
    child.on("close", (status, signal) => {
      if (output.length > 0) {
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ how: signal ? `killed by ${signal}` : `exit code ${status}`, status: signal ? 1 : status });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
