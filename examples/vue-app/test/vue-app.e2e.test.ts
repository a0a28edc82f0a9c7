// The Vue page in a real Chromium, on the mock in a Service Worker with the inspector panel beside it: an outcome
// chosen in the panel reaches the app, and a state change in the panel reloads the app's lists. The floating panel's
// own chrome, tested here as the React page has the inspector in TanStack Devtools instead (issue 48, item 7): the
// toggle draws with any font, × and Escape close, the header fits two rows on a 390 px phone. Then the guard in
// src/main.ts: a production build carries none of the mock nor of the panel, while the mock-mode build, searched
// the same way, carries both (so the search cannot pass by looking for the wrong thing).
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium } from "@petstore/testing/chromium";
import { serveStatic } from "@petstore/testing/static-server";
import type { Browser, Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const exampleRoot = fileURLToPath(new URL("..", import.meta.url));

/**
 * `vite build` into a fresh temporary folder. The mode `mock` is a production build that still starts the mock and
 * the panel (src/main.ts opens its guard for it); `production` is what `pnpm build` ships. vitest sets NODE_ENV=test,
 * which would give Vue's development build: NODE_ENV is `production` for the build's duration.
 */
async function buildApp(mode: "mock" | "production"): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `petstore-vue-app-${mode}-`));
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await build({
      root: exampleRoot,
      mode,
      logLevel: "warn",
      build: { outDir: dir, emptyOutDir: true, reportCompressedSize: false },
    });
  } finally {
    process.env.NODE_ENV = saved;
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** Strings only the mock's Service Worker set-up and the inspector panel carry. */
const MARKERS = ["data-petstore-devtools", "mockServiceWorker"];

/** Each marker, with the emitted files (any kind: .js, .html, .css, public/) that contain it. */
async function markersIn(dir: string): Promise<Record<string, string[]>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = await Promise.all(
    entries
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        return { file: relative(dir, path), text: await readFile(path, "utf8") };
      }),
  );
  expect(files.some(({ file }) => file.endsWith(".js"))).toBe(true);
  return Object.fromEntries(
    MARKERS.map((marker) => [marker, files.filter(({ text }) => text.includes(marker)).map(({ file }) => file)]),
  );
}

let mockBuild: Awaited<ReturnType<typeof buildApp>>;
let productionBuild: Awaited<ReturnType<typeof buildApp>>;
let browser: Browser;
let site: Awaited<ReturnType<typeof serveStatic>>;

beforeAll(async () => {
  // One at a time: a build sets NODE_ENV for its duration.
  mockBuild = await buildApp("mock");
  productionBuild = await buildApp("production");
  [browser, site] = await Promise.all([launchChromium(), serveStatic(mockBuild.dir)]);
});

afterAll(async () => {
  await site?.close();
  await browser?.close();
  await Promise.all([mockBuild?.remove(), productionBuild?.remove()]);
});

async function open(width = 1200): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    // The browser logs every 4xx answer ("Failed to load resource"): the 409 is the test's own doing.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  await page.goto(site.url);
  await page.waitForSelector("body[data-ready=true]");
  await page.getByTestId("pet").first().waitFor();
  await page.getByTestId("category").first().waitFor();
  return { page, problems };
}

const inspector = (page: Page) => page.getByRole("dialog", { name: "Petstore mock inspector" });

describe("the inspector panel over the Vue page", () => {
  it("its toggle opens it; 409 CATEGORY_IN_USE chosen for deleteCategory shows in the app, once", async () => {
    const { page, problems } = await open();
    try {
      expect(await inspector(page).isVisible()).toBe(false);
      await page.getByRole("button", { name: "Petstore mock inspector" }).click();
      await inspector(page).waitFor();

      const outcome = inspector(page).getByLabel("Outcome of deleteCategory", { exact: true });
      await outcome.selectOption("409 CATEGORY_IN_USE");
      // Reptiles has no pets: without the panel, deleting it succeeds.
      await page.getByRole("button", { name: "Delete Reptiles" }).click();
      await expect
        .poll(() => page.getByTestId("category-result").textContent())
        .toMatch(/^Delete failed: CATEGORY_IN_USE: \S/);
      expect(await page.getByTestId("category-result").getAttribute("role")).toBe("alert");

      // Used up: the next call is the mock's own, and the list loses Reptiles.
      await page.getByRole("button", { name: "Delete Reptiles" }).click();
      await expect.poll(() => page.getByTestId("category-result").textContent()).toBe("Category deleted.");
      await expect.poll(() => page.getByRole("button", { name: "Delete Reptiles" }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("a reset in the panel's State tab reloads the app's lists and clears its status line, through STATE_CHANGE_EVENT", async () => {
    const { page, problems } = await open();
    try {
      const pets = await page.getByTestId("pet").count();
      await page.getByRole("button", { name: "Delete Reptiles" }).click();
      await expect.poll(() => page.getByRole("button", { name: "Delete Reptiles" }).count()).toBe(0);
      expect(await page.getByTestId("category-result").textContent()).toBe("Category deleted.");

      await page.getByRole("button", { name: "Petstore mock inspector" }).click();
      await inspector(page).getByRole("tab", { name: "State", exact: true }).click();
      await inspector(page).getByRole("button", { name: "Reset", exact: true }).click();
      // Only the STATE_CHANGE_EVENT listener in src/main.ts reloads the categories: Reptiles is back.
      await page.getByRole("button", { name: "Delete Reptiles" }).waitFor({ timeout: 10_000 });
      expect(await page.getByTestId("pet").count()).toBe(pets);
      // The line about the delete went with the data it spoke of.
      expect(await page.getByTestId("category-result").textContent()).toBe("");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("the floating panel's toggle, close button and header", () => {
  it("draws its toggle and close button with characters every font has: the paw is an inline SVG", async () => {
    const { page, problems } = await open();
    try {
      const toggle = page.getByRole("button", { name: "Petstore mock inspector" });
      await toggle.click();
      expect(await toggle.textContent()).toMatch(/^[\x20-\x7e\u00a0-\u00ff]+$/);
      const paw = await toggle.locator("svg").boundingBox();
      expect(paw?.width).toBeGreaterThan(8);
      const close = inspector(page).getByRole("button", { name: "Close the inspector" });
      expect(await close.textContent()).toMatch(/^[\x20-\x7e\u00a0-\u00ff]+$/);
      // × closes it, and Escape inside it does too; each time the toggle says so.
      await close.click();
      await inspector(page).waitFor({ state: "hidden" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      await toggle.click();
      await inspector(page).waitFor();
      expect(await toggle.getAttribute("aria-expanded")).toBe("true");
      await inspector(page).getByRole("tab", { name: "State", exact: true }).press("Escape");
      await inspector(page).waitFor({ state: "hidden" });
      expect(await toggle.getAttribute("aria-expanded")).toBe("false");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("lays its header out in at most two rows at 390 px, nothing past its edge, the close button on the first", async () => {
    const { page, problems } = await open(390);
    try {
      await page.getByRole("button", { name: "Petstore mock inspector" }).click();
      const header = inspector(page).locator("header");
      const layout = await header.evaluate((element) => {
        const items = [...element.querySelectorAll<HTMLElement>("header > *, .connection > :not(.spacer)")].filter(
          (item) => item.getClientRects().length > 0 && !item.classList.contains("connection"),
        );
        const rows: number[] = [];
        for (const item of items) {
          const middle = item.getBoundingClientRect().top + item.getBoundingClientRect().height / 2;
          if (!rows.some((row) => Math.abs(row - middle) < 8)) {
            rows.push(middle);
          }
        }
        const close = element.querySelector(".close")!.getBoundingClientRect();
        const tallest = Math.max(...items.map((item) => item.getBoundingClientRect().height));
        const inputs = [...element.querySelectorAll("input")].map((input) => input.getBoundingClientRect().width);
        return {
          rows: rows.length,
          height: element.getBoundingClientRect().height,
          tallest,
          overflow: element.scrollWidth - element.clientWidth,
          closeHeight: close.height,
          narrowestInput: Math.min(...inputs),
          closeOnFirstRow: Math.abs(close.top + close.height / 2 - Math.min(...rows)) < 8,
        };
      });
      expect(layout.rows).toBeLessThanOrEqual(2);
      // Two rows of controls, their gap and the header's padding; three rows would be past it.
      expect(layout.height).toBeLessThan(layout.tallest * 2 + 24);
      expect(layout.overflow).toBe(0);
      // No control folds its label onto a second line, and the URL and key fields keep room to type in.
      expect(layout.tallest).toBeLessThan(layout.closeHeight * 1.5);
      expect(layout.narrowestInput).toBeGreaterThanOrEqual(60);
      expect(layout.closeOnFirstRow).toBe(true);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

describe("the production build", () => {
  it("has neither the panel nor msw's worker in any emitted file; the mock-mode build has both", async () => {
    const production = Object.entries(await markersIn(productionBuild.dir)).filter(([, files]) => files.length);
    expect(production, "mock code in the production build (marker, files)").toEqual([]);
    const missing = Object.entries(await markersIn(mockBuild.dir))
      .filter(([, files]) => files.length === 0)
      .map(([marker]) => marker);
    expect(missing, "markers not found in the mock-mode build, which loads the mock and the panel").toEqual([]);
  });
});
