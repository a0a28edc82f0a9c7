#!/usr/bin/env node
// Runs every x-codeSamples snippet of openapi/petstore.yaml against the standalone mock's demo data, the way a reader would.
//
//   node scripts/run-code-samples.mjs [--only listPets,getPet] [--lang Shell|JavaScript|Python] [--concurrency N]
//
// cURL samples run with bash, JavaScript with node (importing the built @petstore/sdk), Python with python3. Each
// sample gets demo data as a fresh mock has it (one mock per worker, reset around each sample) and reads
// PETSTORE_BASE_URL and PETSTORE_API_KEY. A sample fails when it
// exits non-zero or when any request it made got a status other than its operation's documented 2xx status.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { operations } from "@petstore/contract";
import { createPetstoreControl } from "@petstore/mock";
import { startCli } from "@petstore/testing/cli";
import { runToEnd } from "@petstore/testing/process";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** A workspace package's folder, found by its name as Node finds it from the repository's root. */
const folderOf = (name) => path.dirname(createRequire(path.join(ROOT, "package.json")).resolve(`${name}/package.json`));
// The builds the samples run against: a user's `import "@petstore/sdk"` and `petstore-mock` reach these files.
const MOCK_BUILD = path.join(folderOf("@petstore/mock"), "dist/cli.js");
const SDK_BUILD = path.join(folderOf("@petstore/sdk"), "dist/index.js");
// Inside the workspace, so that `import "@petstore/sdk"` resolves through the root node_modules.
const SAMPLES_DIR = path.join(ROOT, "scripts/.samples");

/** The languages every operation must have, how each one runs, and the tools it needs installed. */
const LANGUAGES = {
  Shell: { ext: ".sh", command: "bash", tools: ["bash", "curl"] },
  JavaScript: { ext: ".mjs", command: process.execPath, tools: [] },
  Python: { ext: ".py", command: "python3", tools: ["python3"] },
};
/** A request the mock logged: `METHOD PATH STATUS OPERATION TIME`. */
const LOG_LINE = /^\s*(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) (\S+) (\d{3}) (\S+)/gm;

/**
 * Lists every code sample of the document, with the success statuses of its operation.
 * @example const { samples, problems } = loadSamples();
 */
export function loadSamples() {
  const samples = [];
  const problems = [];
  for (const op of operations) {
    const successStatuses = [...op.responses.keys()].filter((status) => status >= 200 && status < 300);
    for (const lang of Object.keys(LANGUAGES)) {
      if (!op.codeSamples.some((sample) => sample.lang === lang)) {
        problems.push(`${op.operationId} (${op.method} ${op.path}) has no ${lang} code sample`);
      }
    }
    for (const sample of op.codeSamples) {
      if (!LANGUAGES[sample.lang]) {
        problems.push(`${op.operationId}: no runner for code samples in ${JSON.stringify(sample.lang)}`);
        continue;
      }
      samples.push({ operationId: op.operationId, method: op.method, path: op.path, ...sample, successStatuses });
    }
  }
  return { samples, problems };
}

/** A mock with demo data for samples, under a key of its own, logging every request (`--log`). */
export async function startSampleMock() {
  const apiKey = `sample-${randomBytes(6).toString("hex")}`;
  const cli = await startCli(["--api-key", apiKey, "--log"], { cwd: ROOT });
  const session = createPetstoreControl(cli.url, { apiKey }).session("default");
  return { url: cli.url, apiKey, session, output: () => cli.output().stdout, stop: () => cli.stop() };
}

/** The log line of a reset (`METHOD PATH STATUS OPERATION TIME`), by its operation. */
const RESET_LINE = /^\S+ \S+ 2\d\d resetSession /gm;

/**
 * Puts `mock`'s demo data back as it started (records, stock and next ids: the control API's reset of the one
 * session the samples use) and resolves once its log shows the reset, with where the log stood after that line.
 */
async function resetSampleMock(mock) {
  const from = mock.output().length;
  await mock.session.reset();
  // The log is written as the mock answers; what a sample sent before this reset is in the log before its line.
  for (const deadline = performance.now() + 10_000; ; ) {
    const found = [...mock.output().slice(from).matchAll(RESET_LINE)].at(-1);
    if (found) {
      return from + found.index + found[0].length;
    }
    if (performance.now() > deadline) {
      throw new Error("the samples' mock did not log its reset within 10 s");
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Runs one sample against demo data as a fresh mock has it and judges it: exit code 0, at least one request, and every
 * request answered by the sample's operation with one of its documented success statuses. On `mock`
 * (startSampleMock), reset before and after the sample, when given; else on a mock of its own.
 * @example const result = await runSample(loadSamples().samples[0]); result.ok;
 */
export async function runSample(sample, { timeoutMs = 30_000, mock } = {}) {
  const own = mock ? undefined : await startSampleMock();
  try {
    return await runOn(/** @type {NonNullable<typeof mock>} */ (mock ?? own), sample, timeoutMs);
  } finally {
    await own?.stop();
  }
}

async function runOn(mock, sample, timeoutMs) {
  const started = performance.now();
  const runner = LANGUAGES[sample.lang];
  mkdirSync(SAMPLES_DIR, { recursive: true });
  const file = path.join(
    SAMPLES_DIR,
    `${sample.operationId}-${sample.lang.toLowerCase()}-${randomBytes(4).toString("hex")}${runner.ext}`,
  );
  writeFileSync(file, sample.source);
  const from = await resetSampleMock(mock);
  let run;
  try {
    run = await runToEnd(runner.command, [file], {
      cwd: SAMPLES_DIR,
      env: { ...process.env, PETSTORE_BASE_URL: mock.url, PETSTORE_API_KEY: mock.apiKey },
      timeoutMs,
    });
  } finally {
    rmSync(file, { force: true });
  }
  // The reset after the sample marks the end of its requests in the log (and leaves the mock as it found it).
  const to = await resetSampleMock(mock);
  const log = mock.output().slice(from, to).replace(RESET_LINE, "");
  const requests = [...log.matchAll(LOG_LINE)].map(([, method, target, status, operationId]) => ({
    method,
    target,
    status: Number(status),
    operationId,
  }));
  const expected = sample.successStatuses.join(" or ");
  const problems = [];
  if (run.timedOut) {
    problems.push(`timed out after ${timeoutMs} ms`);
  } else if (run.code !== 0) {
    problems.push(`${run.signal ? `was killed by ${run.signal}` : `exited with code ${run.code}`} (expected 0)`);
  }
  if (requests.length === 0) {
    problems.push(`made no request to the mock (expected ${sample.method} ${sample.path} answered ${expected})`);
  }
  for (const request of requests) {
    if (request.operationId !== sample.operationId || !sample.successStatuses.includes(request.status)) {
      const got = request.operationId === "-" ? "no operation" : request.operationId;
      problems.push(
        `${request.method} ${request.target} was answered ${request.status} by ${got} ` +
          `(expected ${sample.operationId} answering ${expected})`,
      );
    }
  }
  return {
    sample,
    ok: problems.length === 0,
    problems,
    requests,
    exitCode: run.code,
    stdout: run.stdout,
    stderr: run.stderr,
    ms: Math.round(performance.now() - started),
  };
}

/** Runs samples with at most `concurrency` at a time, calling `onResult` as each finishes; keeps the input order. */
export async function runSamples(samples, { concurrency = availableParallelism(), onResult, ...options } = {}) {
  const results = new Array(samples.length);
  let next = 0;
  // One mock per worker, its demo data reset around each sample: as each sample on a fresh mock, without starting
  // a process for each.
  async function worker() {
    const mock = await startSampleMock();
    try {
      while (next < samples.length) {
        const index = next++;
        const sample = samples[index];
        results[index] = await runSample(sample, { ...options, mock }).catch((error) => ({
          sample,
          ok: false,
          problems: [error.message],
        }));
        onResult?.(results[index]);
      }
    } finally {
      await mock.stop();
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, samples.length)) }, worker));
  return results;
}

/** Missing build outputs or tools, as sentences a person can act on. */
export function checkPrerequisites(samples) {
  const missing = [];
  if (!existsSync(MOCK_BUILD)) {
    missing.push(`the mock is not built (${path.relative(ROOT, MOCK_BUILD)} is missing): run \`pnpm build\``);
  }
  if (samples.some((s) => s.lang === "JavaScript") && !existsSync(SDK_BUILD)) {
    missing.push(`the SDK is not built (${path.relative(ROOT, SDK_BUILD)} is missing): run \`pnpm build\``);
  }
  for (const lang of new Set(samples.map((s) => s.lang))) {
    for (const tool of LANGUAGES[lang].tools) {
      if (spawnSync(tool, ["--version"], { stdio: "ignore" }).status !== 0) {
        missing.push(`${tool} is not installed, so the ${lang} samples cannot run`);
      }
    }
  }
  return missing;
}

/** A failed sample as a person reads it: what went wrong, what it printed, and its source. */
function describe({ sample, problems, stdout, stderr }) {
  const block = (title, text) => (text?.trim() ? [`    ${title}:`, text.trimEnd().replace(/^/gm, "      ")] : []);
  return [
    `✗ ${sample.operationId} (${sample.method} ${sample.path}) ${sample.label}`,
    ...problems.map((problem) => `    ${problem}`),
    ...block("stdout", stdout),
    ...block("stderr", stderr),
    ...block("sample", sample.source),
  ].join("\n");
}

async function main() {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      lang: { type: "string" },
      concurrency: { type: "string" },
    },
  });
  const started = performance.now();
  const { samples: all, problems } = loadSamples();
  const only = values.only ? new Set(values.only.split(",")) : null;
  const samples = all.filter(
    (s) => (!only || only.has(s.operationId)) && (!values.lang || s.lang.toLowerCase() === values.lang.toLowerCase()),
  );
  const missing = checkPrerequisites(samples);
  if (missing.length > 0) {
    console.error(`code samples: cannot run\n${missing.map((m) => `  - ${m}`).join("\n")}`);
    process.exit(2);
  }
  const concurrency = Number(values.concurrency ?? process.env.SAMPLES_CONCURRENCY ?? availableParallelism());
  console.log(
    `code samples: running ${samples.length} samples, ${concurrency} at a time, each on demo data as a fresh mock has it`,
  );
  const results = await runSamples(samples, {
    concurrency,
    onResult: (result) => {
      if (result.ok) {
        const statuses = result.requests.map((r) => r.status).join(",");
        console.log(`✓ ${result.sample.operationId} ${result.sample.label} → ${statuses} (${result.ms} ms)`);
      } else {
        console.log(describe(result));
      }
    },
  });
  for (const problem of problems) {
    console.log(`✗ ${problem}`);
  }
  const failed = results.filter((r) => !r.ok).length;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`code samples: ${results.length - failed} passed, ${failed} failed (${seconds} s)`);
  if (problems.length > 0) {
    console.log(`code samples: ${problems.length} problem(s) with the document's samples (listed above)`);
  }
  process.exitCode = failed > 0 || problems.length > 0 ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
