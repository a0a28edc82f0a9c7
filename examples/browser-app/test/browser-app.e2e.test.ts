// End to end in a real Chromium: the built page (`vite build`), served as static files, with the
// mock in a Service Worker; then the same page built against the standalone mock server.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { launchChromium } from "@petstore/testing/chromium";
import { type RunningCli, startCli } from "@petstore/testing/cli";
import { serveStatic } from "@petstore/testing/static-server";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, exampleRoot } from "./support.js";

const screenshots = join(exampleRoot, "screenshots");
let browser: Browser;
/** The page as `vite build` builds it with no variables set: built once, served by each suite that uses it. */
let defaultApp: ReturnType<typeof buildApp> | undefined;
const builtApp = () => (defaultApp ??= buildApp());

beforeAll(async () => {
  browser = await launchChromium();
  await mkdir(screenshots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await (await defaultApp)?.remove();
});

/** Opens the page and collects what would show in the console as a failure. */
async function open(url: string): Promise<{ page: Page; problems: string[]; scripts: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1100, height: 760 } });
  const problems: string[] = [];
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") {
      scripts.push(new URL(request.url()).pathname);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    // Chromium logs every 4xx/5xx answer as "Failed to load resource"; the tests ask for some.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(message.text());
    }
  });
  await page.goto(url);
  await page.waitForSelector("body[data-ready=true]");
  return { page, problems, scripts };
}

const petNames = (page: Page) => page.getByTestId("pet").locator("h3").allTextContents();

describe("the browser app with the mock in a Service Worker", () => {
  let site: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    site = await serveStatic((await builtApp()).dir);
  });

  afterAll(async () => {
    await site?.close();
  });

  it("shows the seeded pets, pages through them, adds a pet and orders it", async () => {
    const { page, problems, scripts } = await open(site.url);
    try {
      await expect(page.getByTestId("mode").textContent()).resolves.toBe("Mock Service Worker: no backend needed");
      expect(scripts).toContainEqual(expect.stringMatching(/^\/assets\/browser-[\w-]+\.js$/));
      expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(
        `${site.url}/mockServiceWorker.js`,
      );

      // The seeded pets: the first page of available ones, six per page.
      expect(await petNames(page)).toEqual(["Rex", "Misty", "Bella", "Kaiser", "Rusty", "Old Tom"]);
      const range = await page.getByTestId("range").textContent();
      const total = Number(/^1–6 of (\d+)$/.exec(range ?? "")?.[1]);
      expect(total).toBeGreaterThan(6);
      expect(await page.getByTestId("prev").isDisabled()).toBe(true);

      await page.getByTestId("next").click();
      await expect.poll(() => page.getByTestId("range").textContent()).toMatch(/^7–\d+ of /);
      expect(await petNames(page)).not.toContain("Rex");
      await page.getByTestId("prev").click();
      await expect.poll(() => petNames(page)).toContain("Rex");

      // Another status.
      await page.locator("#filters select[name=status]").selectOption("sold");
      await expect.poll(() => page.getByTestId("pet").locator(".status").allTextContents()).not.toContain("available");
      expect(new Set(await page.getByTestId("pet").locator(".status").allTextContents())).toEqual(new Set(["sold"]));

      // Add a pet with two units in stock: the list then shows it.
      const form = page.getByTestId("add-pet");
      await form.locator("input[name=name]").fill("Biscuit");
      await form.locator("select[name=categoryId]").selectOption({ label: "Rabbits" });
      await form.locator("input[name=stock]").fill("2");
      await form.getByRole("button", { name: "Add pet" }).click();
      await expect
        .poll(() => page.getByTestId("notice").textContent())
        .toBe("Biscuit (#21) was added with 2 in stock.");
      await expect.poll(() => petNames(page)).toEqual(["Biscuit"]);
      const biscuit = page.getByTestId("pet").filter({ hasText: "Biscuit" });
      expect(await biscuit.locator(".meta").textContent()).toBe("#21 · Rabbits");

      // Order it twice: the second order takes the last unit, so it turns pending.
      await biscuit.getByRole("button", { name: "Order 1" }).click();
      await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Order #\d+ placed: 1 × Biscuit\.$/);
      await expect.poll(() => biscuit.getByRole("button", { name: "Order 1" }).isEnabled()).toBe(true);
      await biscuit.getByRole("button", { name: "Order 1" }).click();
      await expect.poll(() => petNames(page)).toEqual([]);
      await page.locator("#filters select[name=status]").selectOption("all");
      await expect.poll(() => biscuit.locator(".status").textContent()).toBe("pending");

      // Back to the first page of available pets for the screenshot.
      await page.locator("#filters input[name=name]").fill("");
      await page.locator("#filters input[name=name]").dispatchEvent("change");
      await page.locator("#filters select[name=status]").selectOption("available");
      await expect.poll(() => petNames(page)).toEqual(["Rex", "Misty", "Bella", "Kaiser", "Rusty", "Old Tom"]);
      await page.screenshot({ path: join(screenshots, "browser-app.png"), fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows a friendly message when the API answers 503, changes nothing, and recovers", async () => {
    // The scenario can also be picked at load with ?scenario=outage.
    const { page, problems } = await open(`${site.url}/?scenario=outage`);
    const outage =
      "The pet store is taking a short break (503 Service Unavailable). Nothing was changed; please try again in a moment.";
    try {
      const alert = page.getByRole("alert");
      expect(await alert.isVisible()).toBe(true);
      expect(await alert.textContent()).toBe(outage);
      expect(await page.getByTestId("pet").count()).toBe(0);
      expect(await page.getByTestId("next").isDisabled()).toBe(true);
      await page.screenshot({ path: join(screenshots, "browser-app-outage.png"), fullPage: true });

      await page.getByTestId("scenario").selectOption("normal");
      await expect.poll(() => petNames(page)).toContain("Rex");
      expect(await alert.isVisible()).toBe(false);

      // The outage starts while the page shows pets: they stay, under the message, and an order fails.
      await page.getByTestId("scenario").selectOption("outage");
      await expect.poll(() => alert.isVisible()).toBe(true);
      await page.getByTestId("pet").filter({ hasText: "Rex" }).getByRole("button", { name: "Order 1" }).click();
      await expect.poll(() => alert.textContent()).toBe(outage);
      expect(await page.getByTestId("notice").textContent()).toBe("");

      // Nothing changed: Rex still has all of its stock (asked through the Service Worker, like the page does).
      const stock = await page.evaluate(async () => {
        const response = await fetch("/api/store/inventory/1", {
          headers: { Authorization: "Bearer petstore-demo-key" },
        });
        return response.json();
      });
      expect(stock).toEqual({ petId: 1, quantity: 9, status: "available" });

      await page.getByTestId("scenario").selectOption("normal");
      await expect.poll(() => alert.isVisible()).toBe(false);
      expect(await petNames(page)).toEqual(["Rex", "Misty", "Bella", "Kaiser", "Rusty", "Old Tom"]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});

/** Calls the mock from inside a page (through its Service Worker), as the page's own code does. */
function api<Body = Record<string, unknown>>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Body }> {
  return page.evaluate(
    async ([method, path, body]) => {
      const response = await fetch(`/api${path}`, {
        method,
        headers: { Authorization: "Bearer petstore-demo-key", "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    [method, path, body] as const,
  );
}

describe("the browser app's mock with persist: true (reloads and tabs)", () => {
  let site: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    site = await serveStatic((await builtApp()).dir);
  });

  afterAll(async () => {
    await site?.close();
  });

  /** Opens the page in a tab of `context` (tabs of one context share storage, channels and locks). */
  async function openTab(context: BrowserContext): Promise<Page> {
    const page = await context.newPage();
    await page.goto(site.url);
    await page.waitForSelector("body[data-ready=true]");
    return page;
  }

  it("keeps a new pet across a reload, shares orders between tabs, and resets both", async () => {
    const context = await browser.newContext();
    try {
      const first = await openTab(context);
      const created = await api(first, "POST", "/pets", { name: "Pickle", categoryId: 3, status: "available" });
      expect(created.status).toBe(201);
      expect(created.body.id).toBe(21);

      await first.reload();
      await first.waitForSelector("body[data-ready=true]");
      expect((await api(first, "GET", "/pets/21")).body.name).toBe("Pickle");
      // The next id goes on from the saved state, not from the demo data.
      expect((await api(first, "POST", "/pets", { name: "Olive", categoryId: 3, status: "available" })).body.id).toBe(
        22,
      );

      // A second tab of the same browser starts from the first tab's state, and its order shows in the first.
      const second = await openTab(context);
      expect((await api(second, "GET", "/pets/22")).body.name).toBe("Olive");
      expect((await api(first, "GET", "/store/inventory/1")).body.quantity).toBe(9);
      expect((await api(second, "POST", "/store/orders", { petId: 1, quantity: 3 })).status).toBe(201);
      expect((await api(first, "GET", "/store/inventory/1")).body.quantity).toBe(6);

      // "Reset demo data" in the first tab: the demo data in both, and nothing saved any more.
      await first.getByTestId("reset").click();
      await expect.poll(() => first.getByTestId("notice").textContent()).toBe("The demo data is back.");
      for (const page of [first, second]) {
        expect((await api(page, "GET", "/pets/21")).status).toBe(404);
        expect((await api(page, "GET", "/store/inventory/1")).body.quantity).toBe(9);
      }
      await second.reload();
      await second.waitForSelector("body[data-ready=true]");
      expect((await api(second, "GET", "/pets/21")).status).toBe(404);
      expect(await petNames(second)).toEqual(["Rex", "Misty", "Bella", "Kaiser", "Rusty", "Old Tom"]);
    } finally {
      await context.close();
    }
  });

  it("never oversells when two tabs order the last units at once", async () => {
    const context = await browser.newContext();
    try {
      const first = await openTab(context);
      const second = await openTab(context);
      for (let round = 0; round < 5; round++) {
        const pet = await api(first, "POST", "/pets", { name: `Race ${round}`, categoryId: 1, status: "available" });
        const petId = pet.body.id as number;
        await api(first, "PUT", `/store/inventory/${petId}`, { quantity: 3 });
        // Each tab orders 2 of the 3 units, both at once: only one order fits.
        const results = await Promise.all(
          [first, second].map((page) => api(page, "POST", "/store/orders", { petId, quantity: 2 })),
        );
        const placed = results.filter((result) => result.status === 201);
        expect(placed).toHaveLength(1);
        expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
        const orders = await api<{ quantity: number }[]>(second, "GET", `/store/orders?petId=${petId}`);
        expect(orders.body.reduce((sum, order) => sum + order.quantity, 0)).toBe(2);
        expect((await api(first, "GET", `/store/inventory/${petId}`)).body.quantity).toBe(1);
      }
    } finally {
      await context.close();
    }
  });
});

describe("the browser app built against the standalone mock (VITE_PETSTORE_BASE_URL)", () => {
  let mock: RunningCli;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let site: Awaited<ReturnType<typeof serveStatic>>;

  beforeAll(async () => {
    mock = await startCli(["--api-key", "browser-app-key"]);
    app = await buildApp({ VITE_PETSTORE_BASE_URL: mock.url, VITE_PETSTORE_API_KEY: "browser-app-key" });
    site = await serveStatic(app.dir);
  });

  afterAll(async () => {
    await site?.close();
    await app?.remove();
    if (mock) {
      // Exit code 0: the server stopped cleanly on SIGTERM.
      expect(await mock.stop()).toEqual({ code: 0, signal: null });
    }
  });

  it("talks to the server across origins, with no Service Worker", async () => {
    const { page, problems, scripts } = await open(site.url);
    try {
      expect(await page.getByTestId("mode").textContent()).toBe(`API: ${mock.url}`);
      expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((all) => all.length))).toBe(0);
      // Only the page's own entry chunk: the mock's chunk is never downloaded in this mode.
      expect(scripts).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
      expect(await petNames(page)).toEqual(["Rex", "Misty", "Bella", "Kaiser", "Rusty", "Old Tom"]);

      const rex = page.getByTestId("pet").filter({ hasText: "Rex" });
      await rex.getByRole("button", { name: "Order 1" }).click();
      await expect.poll(() => page.getByTestId("notice").textContent()).toMatch(/^Order #\d+ placed: 1 × Rex\.$/);
      // The order reached the server: it holds one more open order for Rex.
      const orders = await fetch(`${mock.url}/store/orders?petId=1&complete=false`, {
        headers: { Authorization: "Bearer browser-app-key" },
      });
      expect(await orders.json()).toHaveLength(2);

      // The Prefer header crosses origins too (the server allows it in CORS preflights).
      await page.getByTestId("scenario").selectOption("outage");
      await expect.poll(() => page.getByRole("alert").textContent()).toContain("503 Service Unavailable");
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
