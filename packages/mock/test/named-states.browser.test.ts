// The same seed gives the same named state in a browser as in Node: every state's snapshot, built in Chromium from
// the mock's source, has the SHA-256 that Node computes for it (test/named-states.test.ts pins Node's).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "@petstore/testing/chromium";
import { serveStatic } from "@petstore/testing/static-server";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { NAMED_STATES, namedStateSnapshot } from "../src/index.js";

const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));
const SEEDS = [1, 7];

/** SHA-256 of each state's JSON by crypto.subtle: run in Node, and its source bundled into the page. */
async function hashes(
  build: (name: string, options: { seed: number }) => unknown,
  names: readonly string[],
  seeds: readonly number[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of names) {
    for (const seed of seeds) {
      const bytes = new TextEncoder().encode(JSON.stringify(build(name, { seed })));
      const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
      out[`${name}@${seed}`] = [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    }
  }
  return out;
}

let browser: Browser;
let dir: string;
let site: Awaited<ReturnType<typeof serveStatic>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-named-states-"));
  await build({
    stdin: {
      contents: `import { NAMED_STATES, namedStateSnapshot } from ${JSON.stringify(entry)};
${hashes.toString()}
window.namedStateHashes = (seeds) => hashes(namedStateSnapshot, NAMED_STATES, seeds);`,
      resolveDir: dir,
      loader: "js",
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outfile: join(dir, "app.js"),
    logLevel: "silent",
    external: ["msw", "msw/*"],
  });
  await writeFile(
    join(dir, "index.html"),
    '<!doctype html><meta charset="utf-8"><script type="module" src="/app.js"></script>',
  );
  site = await serveStatic(dir);
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  if (dir) {
    await rm(dir, { recursive: true, force: true });
  }
});

it("builds every named state in Chromium with the SHA-256 Node gets, for the same seeds", async () => {
  const inNode = await hashes(namedStateSnapshot as never, NAMED_STATES, SEEDS);
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}/`);
    await page.waitForFunction(() => "namedStateHashes" in window);
    const inChromium = await page.evaluate(
      (seeds) =>
        (window as unknown as { namedStateHashes(seeds: number[]): Promise<Record<string, string>> }).namedStateHashes(
          seeds,
        ),
      SEEDS,
    );
    expect(Object.keys(inNode)).toHaveLength(NAMED_STATES.length * SEEDS.length);
    expect(inChromium).toEqual(inNode);
  } finally {
    await page.close();
  }
});
