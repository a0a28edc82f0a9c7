// Opens the built reference in headless Chromium and checks it against openapi/petstore.yaml.
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type DocOperation, documentPath, operations } from "@petstore/contract";
import { launchChromium } from "@petstore/testing/chromium";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs } from "../scripts/build.mjs";
import { DIST_DIR } from "../scripts/openapi.mjs";
import { startStaticServer } from "../scripts/serve.mjs";

type Operation = DocOperation;

const INDEX = path.join(DIST_DIR, "index.html");
const SCREENSHOT = path.join(DIST_DIR, "screenshot.png");
/** Accessible names of the controls that send a live request in the renderers we know (Redoc, Scalar, Swagger UI…). */
const TRY_IT = /try it|send( api)? request|test request|execute|call (the )?api/i;

/** Builds docs/dist when it is missing or older than the document or the build scripts. */
async function ensureBuilt(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const inputs = [documentPath, path.join(here, "../scripts/build.mjs"), path.join(here, "../scripts/openapi.mjs")];
  const builtAt = existsSync(INDEX) ? statSync(INDEX).mtimeMs : 0;
  if (inputs.some((input) => statSync(input).mtimeMs > builtAt)) {
    await buildDocs({ quiet: true });
  }
}

/** Redoc's route of an operation: `#/<tag>/<operationid>`. */
function routeOf(op: Operation): string {
  return `${op.tag.toLowerCase().replace(/\s+/g, "-")}/${op.operationId.toLowerCase()}`;
}

function normalize(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

describe("API reference", () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  const external: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    server = await startStaticServer({ port: 0 });
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.setDefaultTimeout(10_000);
    await offline(page);
    await page.goto(server.url, { waitUntil: "load" });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The reference must work offline: anything not served by our server is refused (and recorded). */
  async function offline(target: Page): Promise<void> {
    await target.route(
      (url) => !url.href.startsWith(server.url),
      (route) => {
        external.push(route.request().url());
        return route.abort();
      },
    );
  }

  async function open(op: Operation): Promise<Locator> {
    const route = routeOf(op);
    await page.goto(`${server.url}#/${route}`);
    const section = page.locator(`[id="${route}"]`);
    await section.waitFor({ state: "visible", timeout: 15_000 }).catch(() => {
      throw new Error(`${op.operationId} did not render at #/${route}`);
    });
    return section;
  }

  /** The right-hand panel with the request: its method and path, and the code samples. */
  function requestPanel(section: Locator): Locator {
    return section
      .locator('[data-testid="right-panel"]')
      .filter({ has: page.locator('[data-testid="source-code"]') })
      .first();
  }

  async function headerBadges(section: Locator): Promise<string[]> {
    const texts = await section.locator("h2").first().locator('[data-component-name="Tag/Tag"]').allInnerTexts();
    return texts.map(normalize);
  }

  it("lists every operation of the document", () => {
    expect(operations.length).toBeGreaterThan(0);
    expect(new Set(operations.map(routeOf)).size).toBe(operations.length);
  });

  describe.each(operations)("$operationId ($method $path)", (op) => {
    it("renders with its summary, method and path", async () => {
      const section = await open(op);
      expect(normalize(await section.locator("h2").first().textContent())).toContain(op.summary);
      const requestLine = normalize(
        await requestPanel(section).locator('[data-testid="dropdown"] > button').first().textContent(),
      );
      expect(requestLine).toContain(op.method);
      expect(requestLine).toContain(op.path);
      // …and the navigation lists it.
      expect(await page.locator(`a[href="#/${routeOf(op)}"]`).count()).toBeGreaterThan(0);
    });

    it("shows each of its code samples, in every language, with the document's source", async () => {
      expect(op.codeSamples.map((s) => s.lang).sort()).toEqual(["JavaScript", "Python", "Shell"]);
      const section = await open(op);
      const panel = requestPanel(section);
      const labels = op.codeSamples.map((s) => s.label);
      // The panel has two pickers: the request line (method and path) and the language.
      const picker = panel.locator('[data-testid="dropdown"] > button').filter({ hasNotText: op.path });
      const openMenu = async () => {
        if ((await picker.getAttribute("aria-expanded")) !== "true") {
          await picker.click();
        }
      };
      await openMenu();
      const offered = (await page.getByRole("menuitem").allInnerTexts()).map(normalize);
      expect(offered).toEqual(expect.arrayContaining(labels));
      for (const sample of op.codeSamples) {
        await openMenu();
        await page.getByRole("menuitem", { name: sample.label, exact: true }).click();
        await expect.poll(() => picker.textContent().then(normalize)).toBe(sample.label);
        const code = await panel.locator('[data-testid="source-code"]').first().textContent();
        expect(normalize(code)).toBe(normalize(sample.source));
      }
    });

    it("offers no try-it control", async () => {
      const section = await open(op);
      expect(await section.getByRole("button", { name: TRY_IT }).count()).toBe(0);
      expect(await section.getByRole("link", { name: TRY_IT }).count()).toBe(0);
    });
  });

  it("marks getPet as deprecated, with its sunset date", async () => {
    const deprecated = operations.filter((op) => op.deprecated);
    expect(deprecated.map((op) => op.operationId)).toContain("getPet");
    for (const op of deprecated) {
      const section = await open(op);
      const badges = await headerBadges(section);
      expect(badges).toContain("Deprecated");
      expect(op.sunset).toBe("2027-06-30");
      expect(badges).toContain(`Sunset ${op.sunset}`);
      expect(await section.textContent()).toContain(op.sunset);
    }
  });

  it("shows a stability badge on the beta and the experimental operations", async () => {
    const unstable = operations.filter((op) => op.stability !== "stable");
    expect(new Set(unstable.map((op) => op.stability))).toEqual(new Set(["beta", "experimental"]));
    for (const op of unstable) {
      const badges = (await headerBadges(await open(op))).map((badge) => badge.toLowerCase());
      expect(badges, op.operationId).toContain(op.stability);
    }
    const stable = operations.find((op) => op.stability === "stable" && !op.deprecated);
    expect(stable).toBeDefined();
    expect(await headerBadges(await open(stable as Operation))).toEqual([]);
  });

  it("keeps every error code in a table on one line and every navigation badge whole", async () => {
    // Redoc wrapped codes mid-word in the narrow Errors table (INVA/LID_/JSON) and cut the navigation's
    // badges at 90px ("Sunset 202…"). Opening every badged operation expands its tag in the navigation.
    const badges: { badge: string | null; whole: boolean }[] = [];
    for (const op of operations.filter((candidate) => candidate.deprecated || candidate.stability !== "stable")) {
      await open(op);
      const navigation = page.locator("li", { has: page.locator(`[data-component-name="Tag/Tag"]`) });
      await navigation.first().waitFor();
      badges.push(
        ...(await page.evaluate(() =>
          [...document.querySelectorAll('li [data-component-name="Tag/Tag"]')].map((tag) => {
            const label = tag.firstElementChild ?? tag;
            return { badge: tag.textContent, whole: label.scrollWidth <= label.clientWidth };
          }),
        )),
      );
    }
    expect(badges, JSON.stringify(badges)).toContainEqual({ badge: "Sunset 2027-06-30", whole: true });
    expect(badges.filter((badge) => !badge.whole)).toEqual([]);

    await page.goto(`${server.url}#section/Errors`);
    await page.locator("td code", { hasText: "INVALID_CONTENT_TYPE" }).first().waitFor();
    const codes = await page.evaluate(() =>
      [...document.querySelectorAll("td code")]
        .filter((code) => /^[A-Z][A-Z_]+$/.test(code.textContent ?? ""))
        .map((code) => ({ code: code.textContent, lines: code.getClientRects().length })),
    );
    expect(codes.map((cell) => cell.code)).toContain("INVALID_CONTENT_TYPE");
    expect(codes.filter((cell) => cell.lines !== 1)).toEqual([]);
  });

  it("offers no try-it panel on GET /store/orders", async () => {
    const hidden = operations.filter((op) => op.hideTryItPanel);
    expect(hidden.map((op) => `${op.method} ${op.path}`)).toContain("GET /store/orders");
    for (const op of hidden) {
      const section = await open(op);
      // The operation really rendered (its code sample is there), and nothing on the page can send it.
      await expect.poll(() => section.locator('[data-testid="source-code"]').count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: TRY_IT }).count()).toBe(0);
      expect(await page.getByRole("link", { name: TRY_IT }).count()).toBe(0);
      expect(await page.locator('[data-component-name*="TryIt" i], [data-testid*="try-it" i]').count()).toBe(0);
    }
  });

  it("saves a screenshot of the deprecated operation", async () => {
    const getPet = operations.find((op) => op.operationId === "getPet") as Operation;
    // A fresh tab, so the page looks the way it does for a reader who follows a link to the operation.
    const tab = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await offline(tab);
    await tab.goto(`${server.url}#/${routeOf(getPet)}`, { waitUntil: "networkidle" });
    // Redoc scrolls to the operation once it has hydrated and laid the page out.
    await tab.waitForFunction((id) => {
      const top = document.getElementById(id)?.getBoundingClientRect().top;
      return window.scrollY > 0 && top !== undefined && Math.abs(top) < 120;
    }, routeOf(getPet));
    await tab.waitForTimeout(500);
    await tab.screenshot({ path: SCREENSHOT });
    await tab.close();
    expect(statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    // Only Redoc's own "API docs by Redocly" logo is fetched from outside, and it is refused.
    expect(external.filter((url) => !url.startsWith("https://cdn.redoc.ly/"))).toEqual([]);
  });
});
