// @ts-check
// Deno and Bun (npm dependencies of this package) running the mock's example files (packages/mock/examples)
// with the command its README documents, in an app outside the workspace with the packed @petstore/mock in its
// node_modules: what a user copies, runs and meets. The conformance tests and the bench start them here.
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { packInto } from "@petstore/testing/pack";
import { spawnWatched } from "@petstore/testing/process";

const require = createRequire(import.meta.url);
const folderOf = (/** @type {string} */ name) => dirname(require.resolve(`${name}/package.json`));
const MOCK_DIR = folderOf("@petstore/mock");

/**
 * @typedef {object} Runtime
 * @property {"Deno" | "Bun"} name
 * @property {string} binary the runtime's own executable: npm's bin shims are wrappers that would take the
 *   signals meant for it
 * @property {string} example the example file a user copies, in packages/mock/examples/
 * @property {string} command the command the mock's README documents, run in the app's folder
 */

/** @type {Runtime} */
export const DENO = {
  name: "Deno",
  binary: join(folderOf("deno"), "deno"),
  example: "mock.deno.ts",
  command:
    "deno run --allow-net=127.0.0.1 --allow-env=PORT,PETSTORE_STATE,PETSTORE_API_KEY --allow-read=. --allow-write=. mock.deno.ts",
};

/** @type {Runtime} */
export const BUN = {
  name: "Bun",
  // The npm package's binary is bin/bun.exe on every platform.
  binary: join(folderOf("bun"), "bin/bun.exe"),
  example: "mock.bun.ts",
  command: "bun mock.bun.ts",
};

/** @typedef {{ dir: string, remove(): void }} ExampleApp */

/**
 * An app with the runtime's example copied in and @petstore/mock as `pnpm pack` packs it (what `pnpm publish`
 * uploads; the mock must be built; packed once per content, @petstore/testing/pack) unpacked where npm installs it,
 * node_modules/@petstore/mock. Of its dependencies, only those its build imports are placed beside it (rettime and
 * outvariant, which the bundled store shares with msw; none has dependencies of its own), copied from the
 * workspace's install instead of packed.js's npm install (seconds per app): the rest are types, bundled, or for the
 * MSW entries (msw), which an app without them proves the Deno and Bun entries do not load.
 * @param {Runtime} runtime
 * @returns {ExampleApp}
 */
export function appWithExample(runtime) {
  const dir = mkdtempSync(join(tmpdir(), `petstore-${runtime.name.toLowerCase()}-app-`));
  const tarball = packInto("@petstore/mock", dir);
  const installed = join(dir, "node_modules/@petstore/mock");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", join(dir, tarball), "-C", installed, "--strip-components=1"]);
  for (const name of importedDependencies(installed)) {
    cpSync(realpathSync(join(MOCK_DIR, "node_modules", name)), join(dir, "node_modules", name), { recursive: true });
  }
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({ name: "petstore-user-app", private: true, type: "module" }),
  );
  copyFileSync(join(MOCK_DIR, "examples", runtime.example), join(dir, runtime.example));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The dependencies of the package in `folder` that its ESM build imports by name (`from "rettime"`).
 * @param {string} folder
 * @returns {string[]}
 */
function importedDependencies(folder) {
  const { dependencies = {} } = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
  const code = readdirSync(join(folder, "dist"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => readFileSync(join(folder, "dist", file), "utf8"))
    .join("\n");
  return Object.keys(dependencies).filter((name) => new RegExp(`from "${name}(/[^"]*)?"`).test(code));
}

/** @typedef {import("@petstore/testing/process").Watched & { url: string }} RunningExample */

/**
 * Runs the documented command in the app on a free port (PORT=0); resolves once the example has printed its
 * start-up lines, with the URL it listens on.
 * @param {Runtime} runtime
 * @param {ExampleApp} app
 * @param {Record<string, string>} [env]
 * @returns {Promise<RunningExample>}
 */
export async function startExample(runtime, app, env = {}) {
  const [, ...args] = runtime.command.split(" ");
  const example = spawnWatched(runtime.binary, args, {
    cwd: app.dir,
    env: { ...process.env, NO_COLOR: "1", PORT: "0", ...env },
    name: `${runtime.name}: ${runtime.command}`,
  });
  const url = await example.printed(/listening on (http:\/\/127\.0\.0\.1:\d+)/, { timeoutMs: 30_000 });
  // The example's last start-up line.
  await example.printed(/State: .*\n/, { timeoutMs: 5_000 });
  return { ...example, url };
}
