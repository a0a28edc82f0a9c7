// The mock stays out of production: src/main.tsx loads @petstore/mock/browser only behind Vite's dev flag (the
// mock README's browser set-up), so `vite build` ships none of it, nor the inspector panel beside it, nor TanStack
// Devtools with its Query panel and the inspector's plugin (src/devtools.tsx). Every emitted file of a production
// build is searched for strings only the mock, msw and the devtools carry; the same search must find each of them in
// a development build and in the `--mode mock` build the end-to-end tests use (the production build with the guard
// open), so it cannot pass by looking for the wrong thing. Both bundle sizes are in the failure message.
import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { buildApp } from "./support.js";

/** Strings of the mock's worker set-up, of msw's browser code and of the devtools, and of nothing else in the app. */
const MARKERS = [
  "@petstore/mock", // the mock's persist key
  "ROUTE_NOT_FOUND", // the mock's answer to an unknown route
  "STORAGE_FULL", // the mock's answer past a table's cap
  "[MSW]", // msw's log prefix
  "MOCK_ACTIVATE", // msw's message to its Service Worker
  "mockServiceWorker", // msw's worker script, and its default URL
  "data-petstore-devtools", // the inspector panel's element (@petstore/mock/devtools)
  "petstore:state-change", // the event the inspector fires after it changes the state
  "petstoreDevtoolsPlugin()", // the inspector as a TanStack Devtools plugin (@petstore/mock/devtools/tanstack)
  "tanstack-devtools", // TanStack Devtools' shell (@tanstack/react-devtools)
  "tsqd-", // TanStack Query's devtools panel (@tanstack/react-query-devtools)
];

type Build = Awaited<ReturnType<typeof buildApp>>;
const builds: Record<"production" | "mock" | "development", Build | undefined> = {
  production: undefined,
  mock: undefined,
  development: undefined,
};

beforeAll(async () => {
  // One at a time: a build sets NODE_ENV for its duration.
  builds.production = await buildApp({ mode: "production" });
  // The `--mode mock` build the end-to-end files share (test/global-setup.ts), which removes it.
  builds.mock = { dir: inject("mockBuild"), remove: async () => {} };
  builds.development = await buildApp({ mode: "development", env: { NODE_ENV: "development" } });
});

afterAll(async () => {
  await Promise.all(Object.values(builds).map((build) => build?.remove()));
});

async function emitted(dir: string): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { file: relative(dir, path), text: await readFile(path, "utf8") };
      }),
  );
}

/** Each marker, with the emitted files that contain it. */
async function markersIn(dir: string): Promise<Record<string, string[]>> {
  const files = await emitted(dir);
  return Object.fromEntries(
    MARKERS.map((marker) => [marker, files.filter(({ text }) => text.includes(marker)).map(({ file }) => file)]),
  );
}

/** Bytes of the emitted JavaScript, raw and gzipped. */
async function size(dir: string): Promise<string> {
  const scripts = (await emitted(dir)).filter(({ file }) => file.endsWith(".js"));
  const raw = scripts.reduce((sum, { text }) => sum + Buffer.byteLength(text), 0);
  const gzip = scripts.reduce((sum, { text }) => sum + gzipSync(text).length, 0);
  return `${scripts.length} .js files, ${raw.toLocaleString("en")} B (${gzip.toLocaleString("en")} B gzipped)`;
}

async function sizes(): Promise<string> {
  const [production, mock] = await Promise.all([size(builds.production?.dir ?? ""), size(builds.mock?.dir ?? "")]);
  return `bundle sizes: production (no mock) ${production}; with the mock (--mode mock) ${mock}`;
}

it("a production build (vite build) has no code of the mock or of msw in any emitted file", async () => {
  const found = Object.entries(await markersIn(builds.production?.dir ?? "")).filter(([, files]) => files.length);
  expect(found, `mock code in the production build (marker, files)\n${await sizes()}`).toEqual([]);
});

it.each(["development", "mock"] as const)("the same search finds every marker in a %s build", async (mode) => {
  const missing = Object.entries(await markersIn(builds[mode]?.dir ?? ""))
    .filter(([, files]) => files.length === 0)
    .map(([marker]) => marker);
  expect(missing, `markers not found in the ${mode} build, which loads the mock\n${await sizes()}`).toEqual([]);
});
