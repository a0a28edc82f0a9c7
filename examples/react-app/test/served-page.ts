// The end-to-end files' shared set-up: Chromium, and the `--mode mock` build (test/global-setup.ts) served as static
// files, started before the file's tests and stopped after them.
import { launchChromium } from "@petstore/testing/chromium";
import { serveStatic } from "@petstore/testing/static-server";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export interface ServedPage {
  /** The browser, once the file's beforeAll ran. */
  readonly browser: Browser;
  /** Where the built page is served, e.g. `http://127.0.0.1:PORT`. */
  readonly url: string;
}

/** Registers the file's beforeAll and afterAll; read the result's members inside tests. */
export function servedMockBuild(): ServedPage {
  let browser: Browser | undefined;
  let site: Awaited<ReturnType<typeof serveStatic>> | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
    site = await serveStatic(inject("mockBuild"));
  });
  afterAll(async () => {
    await site?.close();
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) {
        throw new Error("servedMockBuild(): the browser is started in beforeAll; read it inside a test");
      }
      return browser;
    },
    get url() {
      if (!site) {
        throw new Error("servedMockBuild(): the page is served in beforeAll; read it inside a test");
      }
      return site.url;
    },
  };
}
