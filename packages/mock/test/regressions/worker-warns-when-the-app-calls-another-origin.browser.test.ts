// In a page, a client whose base URL is not the worker's sent its requests past the mock without a
// word: the page showed `NETWORK_ERROR: GET /pets?limit=100: Failed to fetch` after the retries,
// naming no host. setupPetstoreServiceWorker now warns once, on the console, when the page calls an
// operation of the document on another origin, naming both origins. In Chromium, on a page built
// from the mock's source.
import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "@petstore/testing/chromium";
import { closedPort } from "@petstore/testing/ports";
import { serveStatic } from "@petstore/testing/static-server";
import { build } from "esbuild";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const browserEntry = fileURLToPath(new URL("../../src/browser.ts", import.meta.url));
const require = createRequire(import.meta.url);

let browser: Browser;
let dir: string;
let site: Awaited<ReturnType<typeof serveStatic>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "petstore-worker-warning-"));
  await build({
    stdin: {
      contents: `import { setupPetstoreServiceWorker } from ${JSON.stringify(browserEntry)};
window.startMock = (baseUrl) => setupPetstoreServiceWorker({ baseUrl }).start({ onUnhandledRequest: "bypass", quiet: true });`,
      resolveDir: dir,
      loader: "js",
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outfile: join(dir, "app.js"),
    logLevel: "silent",
  });
  await writeFile(
    join(dir, "index.html"),
    '<!doctype html><meta charset="utf-8"><script type="module" src="/app.js"></script>',
  );
  await copyFile(require.resolve("msw/mockServiceWorker.js"), join(dir, "mockServiceWorker.js"));
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

describe("setupPetstoreServiceWorker, when the app calls the API on another origin", () => {
  it("warns once, naming the operation, both origins and the base URL to give", async () => {
    const page = await browser.newPage();
    const warnings: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "warning") {
        warnings.push(message.text());
      }
    });
    try {
      await page.goto(`${site.url}/`);
      await page.waitForFunction(() => "startMock" in window);
      await page.evaluate(() =>
        (window as unknown as { startMock(baseUrl: string): Promise<unknown> }).startMock("/api"),
      );
      const other = `http://127.0.0.1:${await closedPort()}`;
      const outcomes = await page.evaluate(
        async ({ other }) => {
          const call = (url: string) =>
            fetch(url, { headers: { Authorization: "Bearer petstore-demo-key" } }).then(
              (response) => response.status,
              (error: Error) => error.message,
            );
          return [
            await call(`${other}/assets/logo.png`), // not an operation of the API: no warning
            await call("/api/pets?limit=1"), // the mock's own origin: answered
            await call(`${other}/v1/pets?limit=100`),
            await call(`${other}/v1/pets/1`),
          ];
        },
        { other },
      );
      expect(outcomes[1]).toBe(200);
      expect(outcomes[2]).toBe("Failed to fetch");
      const ours = warnings.filter((text) => text.startsWith("[@petstore/mock]"));
      expect(ours).toEqual([
        `[@petstore/mock] GET ${other}/v1/pets?limit=100 is GET /pets of the Petstore API on ${other}, but the mock answers on ${site.url} (baseUrl ${site.url}/api): the request went past the mock, to the network. Give your client the mock's baseUrl, or the mock the client's: setupPetstoreServiceWorker({ baseUrl: "${other}/v1" }).`,
      ]);
    } finally {
      await page.close();
    }
  }, 120_000);
});
