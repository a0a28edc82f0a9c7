// Test plumbing for the end-to-end tests: build the page or the Storybook (the static server and Chromium come
// from @petstore/testing).
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Locator, Page } from "playwright-core";
import { build } from "vite";

export const exampleRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * Builds the page with `vite build` into a fresh temporary folder. By default in the mode `mock` (`vite build --mode
 * mock`): a production build that still starts the mock in a Service Worker, as the end-to-end tests need;
 * `mode: "production"` is what `pnpm build` ships (no mock), `mode: "development"` (with NODE_ENV=development) a
 * development build. vitest sets NODE_ENV=test, and Vite would then bundle React's development build (StrictMode
 * double effects and all): NODE_ENV is `production` for the build unless `env` says otherwise, like any other
 * variable of `env`, for this build only.
 */
export async function buildApp({
  mode = "mock",
  env = {},
}: {
  mode?: string;
  env?: Record<string, string>;
} = {}): Promise<{ dir: string; remove(): Promise<void> }> {
  env = { NODE_ENV: "production", ...env };
  const dir = await mkdtemp(join(tmpdir(), "petstore-react-app-"));
  const saved = Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]]));
  Object.assign(process.env, env);
  try {
    await build({
      root: exampleRoot,
      mode,
      logLevel: "warn",
      // React's development build is over Vite's 500 kB warning on its own.
      build: {
        outDir: dir,
        emptyOutDir: true,
        reportCompressedSize: false,
        ...(mode === "development" ? { chunkSizeWarningLimit: 2_000 } : {}),
      },
    });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) {
        delete process.env[key];
      } else {
        process.env[key] = value;
      }
    }
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/**
 * Builds the Storybook with the README's command, `pnpm storybook:build` (into storybook-static/), which the READMEs'
 * test leaves to this one: one Storybook build for both. Its output shows only if the build fails.
 */
export async function buildStorybook(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = join(exampleRoot, "storybook-static");
  await new Promise<void>((resolve, reject) => {
    execFile(
      "pnpm",
      ["run", "storybook:build"],
      { cwd: exampleRoot, env: { ...process.env, NODE_ENV: "production" }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`pnpm storybook:build failed:\n${stdout}\n${stderr}`, { cause: error })) : resolve(),
    );
  });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** The mock's inspector in the React page: the Petstore plugin's pane in TanStack Devtools. */
export const inspector = (page: Page): Locator => page.getByRole("region", { name: "Petstore mock inspector" });

/**
 * Opens the inspector as the React page shows it: TanStack Devtools' trigger, then its "Petstore" plugin (TanStack
 * Query's panel is beside it). Returns the inspector's pane.
 */
export async function openInspector(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Open TanStack Devtools" }).click();
  await page.getByRole("button", { name: "Petstore", exact: true }).click();
  await inspector(page).waitFor();
  return inspector(page);
}
