// 7. The API reference page (Swagger UI, docs/scripts/build.mjs) against the Redoc page it replaces
// (lib/redoc-baseline.mjs): bytes a first load transfers, and time from navigation start to the first
// operation in the page. Each load is a fresh browser context (no cache, no Service Worker yet), opened at
// the first operation's link: Redoc renders an operation only once it is scrolled to or linked.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { operations } from "@petstore/contract";
import { buildDocs } from "@petstore/docs/build";
import { startStaticServer } from "@petstore/docs/serve";
import { launchChromium } from "@petstore/testing/chromium";
import { log, median } from "./lib/common.mjs";
import { buildRedocBaseline } from "./lib/redoc-baseline.mjs";

const [first] = operations;
const redocId = (op) => `/${op.tag.toLowerCase().replace(/\s+/g, "-")}/${op.operationId.toLowerCase()}`;
const PAGES = {
  redoc: {
    build: buildRedocBaseline,
    hash: `#${redocId(first)}`,
    // Redoc 3 names an operation's section `/<tag>/<operationid>`.
    selector: operations.map((op) => `[data-section-id="${redocId(op)}"]`).join(","),
  },
  reference: {
    build: (outDir) => buildDocs({ outDir, quiet: true }),
    hash: `#/${first.tag}/${first.operationId}`,
    selector: ".opblock",
  },
};

/** Records in the page when `selector` first matches, in ms since navigation start. */
function watchFor(selector) {
  new MutationObserver((_, observer) => {
    if (document.querySelector(selector)) {
      window.firstOperationMs = performance.now();
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
}

/** One first load in a fresh context: ms to the first operation, and the body bytes the server sent until idle. */
async function load(browser, server, { hash, selector }) {
  const context = await browser.newContext();
  try {
    // Nothing leaves the machine: any other host is refused.
    const host = server.url.replace(/^http:\/\//, "").replaceAll(".", "\\.");
    const refused = [];
    await context.route(new RegExp(`^(?!http://${host})[a-z]+://`), (route) => {
      refused.push(route.request().url());
      return route.abort();
    });
    const responses = [];
    // The context also sees the Service Worker's requests (its script first).
    context.on("requestfinished", (request) => responses.push(request.response()));
    await context.addInitScript(watchFor, selector);
    const page = await context.newPage();
    await page.goto(`${server.url}${hash}`);
    await page.waitForFunction(() => window.firstOperationMs !== undefined, null, { timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    const ms = await page.evaluate(() => window.firstOperationMs);
    let [bytes, requests] = [0, 0];
    for (const response of await Promise.all(responses)) {
      // Answers of the mock in the page never crossed the network.
      if (response?.url().startsWith(server.url) && !response.fromServiceWorker()) {
        bytes += (await response.body()).length;
        requests++;
      }
    }
    return { ms, bytes, requests, refused };
  } finally {
    await context.close();
  }
}

export default async function referencePage({ smoke }) {
  const [warmups, runs] = smoke ? [0, 1] : [1, 5];
  const dir = mkdtempSync(path.join(tmpdir(), "petstore-bench-reference-"));
  const servers = {};
  let browser;
  try {
    for (const [name, page] of Object.entries(PAGES)) {
      await page.build(path.join(dir, name));
      servers[name] = await startStaticServer({ root: path.join(dir, name), port: 0 });
    }
    browser = await launchChromium();
    const loads = { redoc: [], reference: [] };
    // Alternate, so that a noisy neighbour favours neither page.
    for (let run = 0; run < warmups + runs; run++) {
      for (const name of Object.keys(PAGES)) {
        const result = await load(browser, servers[name], PAGES[name]);
        if (run >= warmups) {
          loads[name].push(result);
        }
      }
    }
    const pages = {};
    for (const [name, list] of Object.entries(loads)) {
      const { bytes, requests, refused } = list[0];
      const times = list.map((entry) => entry.ms);
      pages[name] = { bytes, requests, refused, ms: median(times), times };
      log(`reference page: ${name}: ${bytes} B in ${requests} requests, ${pages[name].ms.toFixed(0)} ms (median)`);
    }
    return {
      runs,
      pages,
      bytesRatio: pages.reference.bytes / pages.redoc.bytes,
      msRatio: pages.reference.ms / pages.redoc.ms,
    };
  } finally {
    await browser?.close();
    await Promise.all(Object.values(servers).map((server) => server.close()));
    rmSync(dir, { recursive: true, force: true });
  }
}
