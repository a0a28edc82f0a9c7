// Deno and Bun (npm devDependencies of this package) running the mock's example files (packages/mock/examples)
// with the command its README documents, in an app outside the workspace with the packed @petstore/mock in its
// node_modules: what a user copies, runs and meets.
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { spawnWatched, type Watched } from "@petstore/testing/process";

const require = createRequire(import.meta.url);
const folderOf = (name: string) => dirname(require.resolve(`${name}/package.json`));
const MOCK_DIR = folderOf("@petstore/mock");

export interface Runtime {
  name: "Deno" | "Bun";
  /** The runtime's own executable: npm's bin shims are wrappers that would take the signals meant for it. */
  binary: string;
  /** The example file a user copies, in packages/mock/examples/. */
  example: string;
  /** The command the mock's README documents, run in the app's folder. */
  command: string;
}

export const DENO: Runtime = {
  name: "Deno",
  binary: join(folderOf("deno"), "deno"),
  example: "mock.deno.ts",
  command:
    "deno run --allow-net=127.0.0.1 --allow-env=PORT,PETSTORE_STATE,PETSTORE_API_KEY --allow-read=. --allow-write=. mock.deno.ts",
};

export const BUN: Runtime = {
  name: "Bun",
  // The npm package's binary is bin/bun.exe on every platform.
  binary: join(folderOf("bun"), "bin/bun.exe"),
  example: "mock.bun.ts",
  command: "bun mock.bun.ts",
};

/** The mock's README, where the commands are documented. */
export const mockReadme = () => readFileSync(join(MOCK_DIR, "README.md"), "utf8");

export interface ExampleApp {
  /** The app's folder. */
  readonly dir: string;
  remove(): void;
}

/**
 * An app with the runtime's example copied in and @petstore/mock as `pnpm pack` packs it (what `pnpm publish`
 * uploads) unpacked where npm installs it, node_modules/@petstore/mock. Its dependencies are left out, unlike
 * `@petstore/testing/packed`'s npm install (seconds per app): the Deno and Bun entries load none of them (the
 * store is bundled; msw is for the MSW entries), which an app without them proves.
 */
export function appWithExample(runtime: Runtime): ExampleApp {
  const dir = mkdtempSync(join(tmpdir(), `petstore-${runtime.name.toLowerCase()}-app-`));
  execFileSync("pnpm", ["pack", "--pack-destination", dir], { cwd: MOCK_DIR, stdio: "ignore" });
  const tarball = readdirSync(dir).find((file) => file.endsWith(".tgz"))!;
  const installed = join(dir, "node_modules/@petstore/mock");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", join(dir, tarball), "-C", installed, "--strip-components=1"]);
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "petstore-user-app", private: true, type: "module" }));
  copyFileSync(join(MOCK_DIR, "examples", runtime.example), join(dir, runtime.example));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type RunningExample = Watched & { url: string };

/** Runs the documented command in the app on a free port (PORT=0) and resolves with the URL it prints. */
export async function startExample(
  runtime: Runtime,
  app: ExampleApp,
  env: Record<string, string> = {},
): Promise<RunningExample> {
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
