#!/usr/bin/env node
// `pnpm start`: serves the mock with demo data on http://127.0.0.1:4010 and shows the SDK talking
// to it, then keeps serving until Ctrl-C (which exits 0). Extra arguments go to petstore-mock
// (`pnpm start --port 0`; `pnpm start --state petstore-data.json` keeps the data in that file between
// starts). On first use it installs only what the mock and the SDK need (not the examples' runtimes and
// frameworks: `pnpm install` brings those); the packages are rebuilt first only when their sources changed.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PACKAGES = ["packages/mock", "packages/sdk"];
const BUILD_INPUTS = ["src", "scripts", "package.json", "tsup.config.ts", "tsconfig.json"];
const MOCK_BIN = path.join(ROOT, "packages/mock/bin/petstore-mock.js");
// pnpm always installs the workspace root with the projects a filter selects, and the root's own workspace
// dependencies with them; Deno, Bun, workerd, Next.js and Storybook live in projects outside that set.
const QUICKSTART_INSTALL = ["install", "--frozen-lockfile", "--filter", "@petstore/mock", "--filter", "@petstore/sdk"];

/** Runs a command with its output collected; resolves with its exit code and output. */
function runQuietly(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let all = "";
    child.stdout.on("data", (chunk) => (all += chunk));
    child.stderr.on("data", (chunk) => (all += chunk));
    child.on("error", (error) => resolve({ code: 127, all: `${error.message}\n` }));
    child.on("close", (code) => resolve({ code: code ?? 1, all }));
  });
}

/** First use (no node_modules yet): installs the mock's and the SDK's dependencies alone. */
async function installIfMissing() {
  if (existsSync(path.join(ROOT, "node_modules/.modules.yaml"))) {
    return;
  }
  console.log("Installing what the mock and the SDK need (pnpm install brings the examples' runtimes too)…");
  const started = performance.now();
  const { code, all: output } = await runQuietly("pnpm", QUICKSTART_INSTALL);
  if (stopping) {
    process.exit(0);
  }
  if (code !== 0) {
    process.stderr.write(output);
    console.error(`\npnpm ${QUICKSTART_INSTALL.join(" ")} failed (above); fix it and run pnpm start again.`);
    process.exit(1);
  }
  console.log(`Installed in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
}

/** Every file under `entry` (a file or a folder), with its modification time. */
function modifiedTimes(entry) {
  if (!existsSync(entry)) {
    return [];
  }
  const info = statSync(entry);
  if (!info.isDirectory()) {
    return [info.mtimeMs];
  }
  return readdirSync(entry).flatMap((name) => modifiedTimes(path.join(entry, name)));
}

/** A package needs building when dist/ is missing or older than any of its build inputs. */
function needsBuild(dir) {
  const built = modifiedTimes(path.join(ROOT, dir, "dist"));
  const sources = BUILD_INPUTS.flatMap((input) => modifiedTimes(path.join(ROOT, dir, input)));
  return built.length === 0 || Math.max(...sources) > Math.min(...built);
}

/** Runs `pnpm build` with its output hidden; shows the output only if it fails. */
async function buildIfStale() {
  const stale = PACKAGES.filter(needsBuild);
  if (stale.length === 0) {
    return;
  }
  const names = stale.map((dir) => `@petstore/${path.basename(dir)}`).join(" and ");
  console.log(`Building ${names}…`);
  const filters = stale.flatMap((dir) => ["--filter", `./${dir}`]);
  const { code, all: output } = await runQuietly("pnpm", [...filters, "build"]);
  if (stopping) {
    // Ctrl-C during the build: the build stopped too, nothing to report.
    process.exit(0);
  }
  if (code !== 0) {
    process.stderr.write(output);
    console.error(`\nThe build of ${names} failed (above); fix it and run pnpm start again.`);
    process.exit(1);
  }
}

// A Ctrl-C during the build or the start-up ends quietly too.
let stopping = false;
let mock;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = true;
    // A terminal's Ctrl-C reaches the mock too; this also covers a signal sent to this process alone.
    if (!mock || mock.exitCode !== null || !mock.kill(signal)) {
      process.exit(0);
    }
  });
}

await installIfMissing();
await buildIfStale();
if (stopping) {
  process.exit(0);
}
const { createPetstoreClient } = await import("@petstore/sdk");

// `pnpm start -- --port 0` hands the script a literal "--".
const args = process.argv.slice(2).filter((arg, index) => !(index === 0 && arg === "--"));
mock = spawn(process.execPath, [MOCK_BIN, ...args], { stdio: ["ignore", "pipe", "pipe"] });

let url;
let apiKey;
let mockErrors = "";
createInterface({ input: mock.stderr }).on("line", (line) => {
  mockErrors += `${line}\n`;
  console.error(line);
});
createInterface({ input: mock.stdout }).on("line", async (line) => {
  console.log(line);
  url ??= /listening on (http:\/\/\S+)/.exec(line)?.[1];
  apiKey ??= /^ {2}API keys?: ([^,\s]+)/.exec(line)?.[1];
  // The curl line is the last of the mock's ready lines.
  if (url && line.startsWith("  Try: ")) {
    await showSdkCall(url);
    if (!args.some((arg) => arg === "--state" || arg.startsWith("--state="))) {
      console.log("  The data is in memory only; pnpm start --state petstore-data.json keeps it between starts.");
    }
    console.log("  Press Ctrl-C to stop.");
  }
});

async function showSdkCall(baseUrl) {
  const client = createPetstoreClient({ baseUrl, apiKey });
  const { data, error, response } = await client.GET("/pets", { params: { query: { limit: 3 } } });
  if (error) {
    console.error(`  SDK: GET /pets failed: ${error.code}: ${error.message}`);
    return;
  }
  const names = data.map((pet) => `${pet.name} (${pet.status})`).join(", ");
  console.log(`  SDK: GET /pets → ${response.headers.get("X-Total-Count")} pets${names ? `, first: ${names}` : ""}`);
}

mock.on("exit", (code) => {
  if (code === 1 && /already in use/.test(mockErrors)) {
    console.error("Start it on a free port with: pnpm start --port 0");
  }
  // Stopped by Ctrl-C or a signal: that is how a user ends it, not a failure.
  process.exit(stopping ? 0 : (code ?? 0));
});
