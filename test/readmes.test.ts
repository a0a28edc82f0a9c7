// Every command and snippet of the READMEs and of the docs/ pages works as written.
//
// Which blocks run: the fenced blocks tagged ```sh / ```bash (shell) and ```ts / ```typescript (TypeScript) of
// README.md, of every packages/* and examples/* README, and of every page under docs/ (docs/**/*.md: the reference
// the package READMEs link), each page read as a README is; untagged blocks are prose (usage lines).
//
// Shell: each line is a command (a trailing `\` continues it; comments are for the reader), split into steps at
// `&&`, run in order with bash from the repository root. A step is handled in one of four explicit ways:
//   - prerequisite (`npm i -g pnpm@10`, `pnpm install`, `pnpm build`, `pnpm --filter <package> build`,
//     `bash .ci/run`): checked to be exactly what .ci/run and `pnpm test` do before this test runs, not re-run:
//     .ci/run would run this test again, and reinstalling or rebuilding (tsup empties dist/ first) would pull
//     node_modules and dist/ from under the commands running beside it;
//   - test suite (`pnpm --filter <pkg> test`, `npx vitest run --project <name>`, `pnpm test:samples`, one or more
//     stages of `pnpm test`: `pnpm test --only NAME`, `pnpm test --from NAME`, …): checked to be part of
//     `pnpm test`, which runs it anyway;
//   - server (`pnpm start`, `pnpm docs:serve`, `pnpm --filter <pkg> dev`, `pnpm --filter <pkg> storybook`,
//     `petstore-mock`): serves until Ctrl-C, so
//     it is started (with `--port 0` where the command takes it), must print its URL and no stack trace, answer
//     it, then gets SIGINT and must end as a Ctrl-C ends: exit 0, with no failure reported by pnpm (bare Vite and
//     Storybook aside, see ENDS_BY_SIGINT). A root script that builds first
//     (`pnpm start` = `pnpm build && …`) is run as its steps: the build is a prerequisite as above;
//   - anything else runs and must exit 0.
// The mock `pnpm start` would serve on http://127.0.0.1:4010 is played by a `petstore-mock` this test starts on a
// free port (4010 may be busy): its URL replaces the one in curl commands, in `PETSTORE_BASE_URL=` and after
// `--base-url` (petstore-verify), and is the `PETSTORE_BASE_URL` of every command. curl runs with --fail-with-body, so an error status fails.
// petstore-verify commands, which hold the whole state of a mock to their model, run one at a time against a mock
// of their own (another of the same keys), so no other README's command writes to it meanwhile. After a comment
// `# in your app`, commands run in a fresh folder outside the workspace (an app with an empty package.json), as
// someone using the packages before they are published would; `/tmp/petstore` becomes a temporary folder.
// A command ending in a comment `# prints TEXT` must also print the line TEXT. A shell block that several READMEs
// have word for word runs once, and each of their tests awaits that run: the "Before the first release" recipe,
// which every published package's README must have, the same in each (`pnpm pack` of the packages, then `npm
// install` of the tarballs and a script that uses them, in one app outside the workspace).
//
// TypeScript: the snippets of one README form one module, in order, like a doc-test (their one-line imports are
// merged at the top, imports name the published packages). The module must type-check (tsgo, TypeScript 7, as the
// typecheck stage) and run: with Node, against the test's mock (its URL replaces http://127.0.0.1:4010) unless it
// imports @petstore/mock and so brings its own; inside vitest when it uses test hooks (beforeAll, …).
// TSX blocks (```tsx, React) join that module as blocks of their own (`{ … }`, so they see what the TypeScript
// snippets declare and may declare it again), and the module is then a .tsx file: they are type-checked with the
// same strict options, React's automatic JSX runtime, and React's and @tanstack/react-query's types from
// examples/react-app, but never run (a component needs a page). Vite's `import.meta.env` types are in scope too.
//
// A comment on the line above a block changes that:
//   <!-- readme-test: skip REASON -->             the block is not run; the reason is required
//   <!-- readme-test: type-check only REASON -->  a TypeScript block that is type-checked but not run (browser only)
//   <!-- readme-test: excerpt of PATH -->         a TypeScript block whose lines are PATH's lines, in order, with
//                                                 `// …` for what is left out (PATH runs in its own suite)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningCli, startCli } from "@petstore/testing/cli";
import { transformSync } from "esbuild";
import { afterAll, beforeAll, expect, it } from "vitest";
import { TSGO } from "../packages/runtimes/src/typescript7.js";
import { STAGES } from "../scripts/test.mjs";
import { runToEnd, serveThenInterrupt } from "./support/processes.js";
import {
  type Block,
  listReadmes,
  ROOT,
  readBlocks,
  rootScripts,
  type ShellCommand,
  shellCommands,
  splitSteps,
} from "./support/readme-blocks.js";
import { buildModule, excerptProblem, type Module, usesTestHooks } from "./support/snippets.js";

const DEFAULT_URL = "http://127.0.0.1:4010";
const SNIPPETS_DIR = path.join(ROOT, "test/.tmp/readme-snippets");
const readmes = listReadmes().map((readme) => ({ readme, blocks: readBlocks(readme) }));
const allText = readmes.map(({ readme }) => readFileSync(path.join(ROOT, readme), "utf8")).join("\n");
// Keys the READMEs use (`PETSTORE_API_KEY=my-key`) are accepted by the test's mock too; a placeholder in prose
// (`PETSTORE_API_KEY=…`) is not a key.
const apiKeys = new Set([
  "petstore-demo-key",
  ...[...allText.matchAll(/PETSTORE_API_KEY=([\w.~-]+)/g)].map((m) => m[1] ?? ""),
]);

let mock: RunningCli;
/**
 * The mock the petstore-verify commands run against, theirs alone: a verify run holds the whole state to its model,
 * and another README's curl writing to the shared mock meanwhile (an order for a pet it lists) is a finding.
 */
let verifyMock: RunningCli;
let packDir: string;
const appDirs: string[] = [];
let typeCheck: Promise<{ lines: string[]; code: number | null }>;
const modules = new Map<string, { file: string; module: Module; run?: Module }>();

function env(url = mock.url): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PETSTORE_BASE_URL: url,
    // npm as a reader would use it, minus the noise and with its cache first.
    npm_config_prefer_offline: "true",
    npm_config_audit: "false",
    npm_config_fund: "false",
    npm_config_update_notifier: "false",
  };
}

const slug = (readme: string) => readme.replace(/\.md$/, "").replace(/[^A-Za-z0-9]+/g, "-");
const directiveOf = (block: Block, kind: string) =>
  block.directive?.startsWith(kind) ? block.directive.slice(kind.length).trim() : undefined;
/** A TypeScript or TSX block of the README's module: not skipped, not an excerpt of a file. */
const isSnippet = (block: Block) =>
  (block.lang === "ts" || block.lang === "tsx") && !directiveOf(block, "skip") && !directiveOf(block, "excerpt of");

beforeAll(async () => {
  const [first = "petstore-demo-key", ...others] = [...apiKeys];
  const keys = [first, ...others].flatMap((key) => ["--api-key", key]);
  [mock, verifyMock] = await Promise.all([startCli(keys), startCli(keys)]);
  packDir = mkdtempSync(path.join(tmpdir(), "readme-pack-"));
  rmSync(SNIPPETS_DIR, { recursive: true, force: true });
  mkdirSync(SNIPPETS_DIR, { recursive: true });
  for (const { readme, blocks } of readmes) {
    const snippets = blocks.filter(isSnippet);
    if (snippets.length === 0) {
      continue;
    }
    const file = path.join(
      SNIPPETS_DIR,
      `${slug(readme)}${snippets.some((block) => block.lang === "tsx") ? ".tsx" : ".ts"}`,
    );
    const module = buildModule(snippets);
    writeFileSync(file, module.source);
    const runnable = snippets.filter(
      (block) => block.lang === "ts" && directiveOf(block, "type-check only") === undefined,
    );
    modules.set(readme, { file, module, ...(runnable.length ? { run: buildModule(runnable) } : {}) });
  }
  // One type-check for every README, by tsgo (TypeScript 7: a sixth of tsc 5.9's CPU; the type tests hold the
  // published types to 5.9): the workspace's base options, the published package names; React and
  // @tanstack/react-query as examples/react-app has them (the root has neither).
  const reactApp = "../../../examples/react-app/node_modules";
  writeFileSync(
    path.join(SNIPPETS_DIR, "tsconfig.json"),
    JSON.stringify({
      extends: "../../../tsconfig.base.json",
      compilerOptions: {
        noEmit: true,
        declaration: false,
        sourceMap: false,
        jsx: "react-jsx",
        types: ["node", "vitest/globals", "vite/client"],
        paths: {
          react: [`${reactApp}/@types/react`],
          "react/*": [`${reactApp}/@types/react/*`],
          "@tanstack/react-query": [`${reactApp}/@tanstack/react-query`],
        },
      },
      include: ["*.ts", "*.tsx"],
    }),
  );
  // Started here, awaited by the TypeScript tests, so it overlaps the shell commands.
  const tsgo = `"${TSGO}" -p "${SNIPPETS_DIR}" --pretty false`;
  typeCheck = runToEnd(tsgo, { cwd: ROOT, env: process.env, timeoutMs: 120_000 }).then((outcome) => ({
    lines: outcome.output.split("\n").filter((line) => line.trim()),
    code: outcome.timedOut ? null : outcome.code,
  }));
});

afterAll(async () => {
  await Promise.all([mock?.stop(), verifyMock?.stop()]);
  for (const dir of [packDir, ...appDirs]) {
    if (dir) {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

// --- shell --------------------------------------------------------------------------------------------------

const ciRun = () =>
  readFileSync(path.join(ROOT, ".ci/run"), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
/** What `pnpm test` runs: the stages of scripts/test.mjs (each `pnpm run NAME`), or the steps of its script. */
const testSteps = () =>
  rootScripts().test === "node scripts/test.mjs"
    ? STAGES.map((stage) => `pnpm ${stage}`)
    : splitSteps(rootScripts().test ?? "");

/** For a prerequisite step, the problem with it ("" when it checks out); undefined for other steps. */
function prerequisite(step: string): string | undefined {
  if (step === "bash .ci/run") {
    const last = ciRun().at(-1);
    return last === "pnpm test"
      ? ""
      : `.ci/run should end with \`pnpm test\`, as the README says; it ends with ${last}`;
  }
  if (/^npm i(nstall)? -g pnpm@\d+$/.test(step) || /^pnpm( -\S+)* install\b/.test(step)) {
    const word = step.startsWith("npm") ? step : "pnpm install";
    return ciRun().some((line) => line.includes(word)) ? "" : `.ci/run does not run \`${word}\``;
  }
  // One package's build is part of the root build, which builds every package under packages/.
  const one = /^pnpm --filter (\S+) build$/.exec(step);
  if (one) {
    const pkg = workspacePackage(one[1] ?? "");
    if (!pkg?.dir.startsWith("packages/") || !/--filter "?\.\/packages\/\*"? build/.test(rootScripts().build ?? "")) {
      return `${one[1]} is not one of the packages \`pnpm build\` builds`;
    }
    return prerequisite("pnpm build");
  }
  // With or without flags (`pnpm build --silent`): the build that `pnpm test` runs before the unit tests.
  if (/^pnpm( -\S+)* build\b/.test(step)) {
    const steps = testSteps();
    const build = steps.indexOf("pnpm build");
    return build >= 0 && build < steps.indexOf("pnpm test:unit")
      ? ""
      : "`pnpm test` does not build before its unit tests";
  }
  return undefined;
}

const WORKSPACE_FOLDERS = ["packages", "examples", "docs"];
function workspacePackage(name: string): { dir: string; scripts: Record<string, string> } | undefined {
  for (const folder of WORKSPACE_FOLDERS) {
    const dirs = folder === "docs" ? ["docs"] : readdir(folder).map((entry) => `${folder}/${entry}`);
    for (const dir of dirs) {
      const manifest = path.join(ROOT, dir, "package.json");
      if (existsSync(manifest)) {
        const json = JSON.parse(readFileSync(manifest, "utf8"));
        if (json.name === name) {
          return { dir, scripts: json.scripts ?? {} };
        }
      }
    }
  }
  return undefined;
}
function readdir(folder: string): string[] {
  return execFileSync("ls", [path.join(ROOT, folder)], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
}
function vitestProjectNames(): string[] {
  return WORKSPACE_FOLDERS.flatMap((folder) =>
    (folder === "docs" ? ["docs"] : readdir(folder).map((entry) => `${folder}/${entry}`)).flatMap((dir) => {
      const config = path.join(ROOT, dir, "vitest.config.ts");
      return existsSync(config)
        ? [...readFileSync(config, "utf8").matchAll(/name:\s*"([^"]+)"/g)].map((m) => m[1] ?? "")
        : [];
    }),
  );
}

/** For a step that runs a test suite, the problem with it ("" when `pnpm test` runs it); undefined otherwise. */
function suite(step: string): string | undefined {
  const scripts = rootScripts();
  const steps = testSteps();
  const filtered = /^pnpm --filter (\S+) test$/.exec(step);
  if (filtered) {
    const pkg = workspacePackage(filtered[1] ?? "");
    return pkg?.scripts.test === "vitest run" && existsSync(path.join(ROOT, pkg.dir, "vitest.config.ts"))
      ? ""
      : `${filtered[1]} is not a workspace package whose vitest project \`pnpm test:unit\` runs`;
  }
  const stage = /^pnpm test(?: --)? --(?:only|from)[ =](\S+)$/.exec(step);
  if (stage) {
    return steps.includes(`pnpm ${stage[1]}`) ? "" : `\`pnpm test\` has no stage named ${stage[1]}`;
  }
  const project = /^(?:npx|pnpm exec) vitest run --project (\S+)$/.exec(step);
  if (project) {
    return vitestProjectNames().includes(project[1] ?? "") ? "" : `no vitest project is named ${project[1]}`;
  }
  const script = /^pnpm (test:\S+)$/.exec(step);
  if (script) {
    return steps.includes(step) ? "" : `\`pnpm test\` does not run \`${step}\``;
  }
  const sameAs = Object.keys(scripts).find((name) => scripts[name] === step && steps.includes(`pnpm ${name}`));
  return sameAs ? "" : undefined;
}

/** How a server step is started on a free port; undefined for steps that end by themselves. */
function server(step: string): string | undefined {
  const command = step.replace(/^(\w+=\S+\s+)+/, "");
  if (/^(pnpm start|pnpm docs:serve|petstore-mock|node scripts\/start\.mjs)\b/.test(command)) {
    return /--port \d+/.test(step) ? step.replace(/--port \d+/, "--port 0") : `${step} --port 0`;
  }
  if (/^pnpm --filter \S+ dev\b/.test(command)) {
    return step; // Vite moves on to the next port when its own is busy.
  }
  if (/^pnpm --filter \S+ storybook$/.test(command)) {
    return step; // `storybook dev --ci` takes the next free port when its own is busy.
  }
  return undefined;
}

/** The package script a `pnpm --filter PKG SCRIPT` step runs; undefined for other steps. */
function filteredScript(step: string): string | undefined {
  const match = /^pnpm --filter (\S+) ([\w:-]+)/.exec(step.replace(/^(\w+=\S+\s+)+/, ""));
  return match ? workspacePackage(match[1] ?? "")?.scripts[match[2] ?? ""] : undefined;
}
/**
 * A server stopped by Ctrl-C ends with exit status 0, and pnpm reports no failure. Bare Vite and Storybook (a
 * script that is just the tool) end a Ctrl-C by re-raising SIGINT, which pnpm reports as a failure; they are
 * not wrapped yet, so for them exit 130 or SIGINT is taken as a Ctrl-C's end.
 */
const ENDS_BY_SIGINT = /^(vite|storybook dev)\b/;
const PNPM_FAILURE = /ERR_PNPM_|ELIFECYCLE/;

/** `pnpm X` for a root script that builds first: its steps, the command's arguments going to the last one. */
function expandRootScript(step: string): string[] {
  const match = /^pnpm ([\w:-]+)(.*)$/.exec(step);
  const script = match && rootScripts()[match[1] ?? ""];
  if (!script || prerequisite(step) !== undefined) {
    return [step];
  }
  const steps = splitSteps(script);
  if (!steps.some((inner) => prerequisite(inner) !== undefined)) {
    return [step];
  }
  steps[steps.length - 1] = `${steps.at(-1)}${match[2]}`;
  return steps;
}

const runsVerify = (step: string) => /\bpetstore-verify\b/.test(step);
/** The mock a step talks to: the verify commands' own, or the one every other command shares. */
const mockUrlFor = (step: string) => (runsVerify(step) ? verifyMock.url : mock.url);

function substitute(step: string): string {
  const url = mockUrlFor(step);
  let result = step.replaceAll("/tmp/petstore", packDir);
  result = result.replace(/(^|\s)PETSTORE_BASE_URL=\S+/g, `$1PETSTORE_BASE_URL=${url}`);
  result = result.replace(/(\s--base-url[ =])http:\/\/127\.0\.0\.1:\d+/g, `$1${url}`);
  if (/^curl\b/.test(result)) {
    result = `${result.replace(/http:\/\/127\.0\.0\.1:\d+/g, mock.url)} --fail-with-body`;
  }
  return result;
}

function appDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "readme-app-"));
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "my-app", version: "1.0.0", private: true }));
  appDirs.push(dir);
  return dir;
}

/**
 * The petstore-verify commands (runs and captures, from several READMEs and docs/ pages) read the whole state of
 * the test's mock and hold it to their model, and most of them write: one at a time, so that none reads another's
 * records halfway through its writes.
 */
let verifyTurn: Promise<unknown> = Promise.resolve();
function oneVerifyAtATime<T>(run: () => Promise<T>): Promise<T> {
  const result = verifyTurn.then(run, run);
  verifyTurn = result.catch(() => undefined);
  return result;
}

async function runCommand(block: Block, command: ShellCommand, cwd: string) {
  const where = `${block.readme}:${command.line}: \`${command.text}\``;
  for (const written of splitSteps(command.text).flatMap(expandRootScript)) {
    const check = prerequisite(written) ?? suite(written);
    if (check !== undefined) {
      expect(check, `${where}: step \`${written}\``).toBe("");
      continue;
    }
    const step = substitute(written);
    const serve = server(step);
    if (serve) {
      // As in a reader's terminal: no NODE_ENV=test from vitest (with it, wrangler skips its fetch of `Request.cf`).
      const { NODE_ENV: _, ...terminalEnv } = env();
      const outcome = await serveThenInterrupt(serve, { cwd, env: terminalEnv, timeoutMs: 60_000 });
      const report = `${where}: \`${serve}\` (serves until Ctrl-C)\n${outcome.output}`;
      expect(outcome.url, `${report}\nprinted no http://host:port URL`).toBeDefined();
      expect(typeof outcome.answered, `${report}\n${outcome.url} did not answer: ${outcome.answered}`).toBe("number");
      // A server that starts as it should prints no stack trace (wrangler's failed fetch of `Request.cf` offline did).
      expect(outcome.output, `${report}\nprinted a stack trace`).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
      const script = filteredScript(serve);
      const endedAsCtrlC =
        script !== undefined && ENDS_BY_SIGINT.test(script)
          ? outcome.code === 0 || outcome.code === 130 || outcome.signal === "SIGINT"
          : outcome.code === 0 && !PNPM_FAILURE.test(outcome.output);
      expect(endedAsCtrlC, `${report}\nafter Ctrl-C: exit code ${outcome.code}, signal ${outcome.signal}`).toBe(true);
      continue;
    }
    const run = () => runToEnd(step, { cwd, env: env(mockUrlFor(step)), timeoutMs: 90_000 });
    const outcome = await (runsVerify(step) ? oneVerifyAtATime(run) : run());
    expect(
      outcome.code,
      `${where}: \`${step}\` ${outcome.timedOut ? "did not end within 90 s" : `exited with ${outcome.code}`}\n${outcome.output}`,
    ).toBe(0);
    if (command.prints !== undefined) {
      const printed = outcome.output.split("\n").map((line) => line.trim());
      expect(printed, `${where}: should print ${command.prints}\n${outcome.output}`).toContain(command.prints);
    }
  }
}

// --- TypeScript ----------------------------------------------------------------------------------------------

async function typeProblems(readme: string): Promise<string[]> {
  const entry = modules.get(readme);
  if (!entry) {
    return [];
  }
  const { lines, code } = await typeCheck;
  const name = path.basename(entry.file);
  const ours = lines.filter((line) => line.includes(name));
  if (code !== 0 && !lines.some((line) => /\.tsx?\(\d+,\d+\)/.test(line))) {
    // tsgo failed without pointing at a snippet (a bad tsconfig, a crash, a time-out): say so in every README.
    return [`tsgo -p test/.tmp/readme-snippets ended with ${code ?? "a time-out"}`, ...lines];
  }
  return ours.map((line) => {
    const at = /\((\d+),\d+\): (.*)$/.exec(line);
    const origin = entry.module.origins[Number(at?.[1] ?? 0) - 1];
    return `${readme}:${origin ?? "?"}: ${at?.[2] ?? line}`;
  });
}

async function runModule(readme: string, run: Module) {
  const ownMock = /from "@petstore\/mock/.test(run.source);
  const source = ownMock ? run.source : run.source.replaceAll(DEFAULT_URL, mock.url);
  const hooks = usesTestHooks(source);
  const js = transformSync(hooks ? `${source}\nit("runs the README's snippets", () => {});\n` : source, {
    loader: "ts",
    format: "esm",
    target: "node20",
  }).code;
  const file = path.join(SNIPPETS_DIR, `${slug(readme)}${hooks ? ".test.mjs" : ".mjs"}`);
  writeFileSync(file, js);
  const config = `${slug(readme)}.vitest.config.mjs`;
  if (hooks) {
    writeFileSync(
      path.join(SNIPPETS_DIR, config),
      `export default { test: { include: [${JSON.stringify(path.basename(file))}], globals: true } };\n`,
    );
  }
  const command = hooks
    ? `"${process.execPath}" "${path.join(ROOT, "node_modules/vitest/vitest.mjs")}" run --config ${config}`
    : `"${process.execPath}" "${file}"`;
  const outcome = await runToEnd(command, { cwd: SNIPPETS_DIR, env: env(), timeoutMs: 60_000 });
  const lines = run.source
    .split("\n")
    .map((line, index) => `${String(run.origins[index] ?? "").padStart(4)} | ${line}`);
  expect(
    outcome.code,
    `${readme}: its TypeScript snippets, run ${hooks ? "in vitest" : "with Node"}, exited with ${outcome.code}\n${outcome.output}\n(README line | module)\n${lines.join("\n")}`,
  ).toBe(0);
}

// --- the tests -----------------------------------------------------------------------------------------------

// Flat, so that the READMEs run side by side (vitest runs concurrent tests of one suite together); a README's
// own shell blocks run in order (the node-script example's two runs share the mock's categories).

it("marks every block it does not run as written with a reason", () => {
  for (const { readme, blocks } of readmes) {
    for (const block of blocks.filter((candidate) => candidate.directive !== undefined)) {
      const known = ["skip", "type-check only", "excerpt of"].find((kind) => block.directive?.startsWith(kind));
      expect(known, `${readme}:${block.line}: unknown directive readme-test: ${block.directive}`).toBeDefined();
      expect(
        block.directive?.slice(known?.length ?? 0).trim(),
        `${readme}:${block.line}: readme-test: ${known} needs a reason`,
      ).not.toBe("");
    }
  }
});

it("gives every published package the same pre-release install recipe, word for word", () => {
  const heading = "## Before the first release";
  const published = readdir("packages").filter((dir) => {
    const manifest = path.join(ROOT, "packages", dir, "package.json");
    return existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).private !== true;
  });
  expect(published.length, "no published package under packages/").toBeGreaterThan(1);
  const sections = published.map((dir) => {
    const readme = `packages/${dir}/README.md`;
    const text = existsSync(path.join(ROOT, readme)) ? readFileSync(path.join(ROOT, readme), "utf8") : "";
    const start = text.indexOf(`\n${heading}\n`);
    const end = text.indexOf("\n## ", start + 1);
    return { readme, section: start < 0 ? undefined : text.slice(start + 1, end < 0 ? undefined : end).trim() };
  });
  for (const { readme, section } of sections) {
    expect(section, `${readme} has no section "${heading}"`).toBeDefined();
    expect(section, `${readme}'s "${heading}" differs from ${sections[0]?.readme}'s`).toBe(sections[0]?.section);
  }
});

const runnableShell = (blocks: Block[]) => blocks.filter((block) => block.lang === "sh" && !directiveOf(block, "skip"));
const shellText = (block: Block) => block.lines.join("\n");
/** Shell blocks found word for word in more than one README: run once, by whichever README's test gets there first. */
const sharedBlocks = new Map<string, { readmes: string[]; run?: Promise<void> }>();
for (const { readme, blocks } of readmes) {
  for (const block of runnableShell(blocks)) {
    const entry = sharedBlocks.get(shellText(block)) ?? { readmes: [] };
    entry.readmes.push(readme);
    sharedBlocks.set(shellText(block), entry);
  }
}

async function runBlock(block: Block) {
  const commands = shellCommands(block);
  const app = commands.some((command) => command.inApp) ? appDir() : ROOT;
  for (const command of commands) {
    await runCommand(block, command, command.inApp ? app : ROOT);
  }
}

for (const { readme, blocks } of readmes) {
  const runnable = runnableShell(blocks);
  if (runnable.length > 0) {
    it.concurrent(`${readme}: its shell commands work as written`, async () => {
      for (const block of runnable) {
        const shared = sharedBlocks.get(shellText(block));
        if (shared && shared.readmes.length > 1) {
          shared.run ??= runBlock(block);
          await shared.run;
        } else {
          await runBlock(block);
        }
      }
    });
  }

  for (const block of blocks.filter((candidate) => directiveOf(candidate, "excerpt of"))) {
    it(`${readme}:${block.line}: the snippet is an excerpt of ${directiveOf(block, "excerpt of")}`, () => {
      expect(excerptProblem(block, directiveOf(block, "excerpt of") ?? "")).toBeUndefined();
    });
  }

  const snippets = blocks.filter(isSnippet);
  if (snippets.length > 0) {
    it.concurrent(`${readme}: its TypeScript snippets type-check and run against the mock`, async () => {
      expect(await typeProblems(readme), "tsgo errors (README line: message)").toEqual([]);
      const run = modules.get(readme)?.run;
      if (run) {
        await runModule(readme, run);
      }
    });
  }
}
