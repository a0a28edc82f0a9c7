// End to end in a real Chromium: the built page (`vite build`), served as static files, with the mock in a
// Service Worker. Every page is a fresh browser context, so every test starts from the demo data.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { servedMockBuild } from "./served-page.js";

const served = servedMockBuild();

interface Opened {
  page: Page;
  /** `METHOD /path?query` of every API request the page sent (answered by the Service Worker). */
  requests: string[];
  /** What would show in the console as a failure. */
  problems: string[];
}

async function open(search = ""): Promise<Opened> {
  const page = await served.browser.newPage({ viewport: { width: 1100, height: 800 } });
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/")) {
      requests.push(`${request.method()} ${url.pathname.slice("/api".length)}${url.search}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    // Chromium logs every 4xx/5xx answer as "Failed to load resource"; the tests ask for some.
    if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
      problems.push(message.text());
    }
  });
  await page.goto(`${served.url}/${search}`);
  await page.waitForSelector("body[data-ready=true]");
  await page.getByTestId("pet").nth(4).waitFor();
  return { page, requests, problems };
}

const petNames = (page: Page) => page.getByTestId("pet").locator(".name").allTextContents();
const row = (page: Page, name: string) => page.getByTestId("pet").filter({ has: page.getByRole("button", { name }) });
const stock = (page: Page) => page.getByTestId("stock").textContent();

/** Clicks a pet's name and waits for its stock in the inventory panel. */
async function select(page: Page, name: string): Promise<number> {
  await row(page, name).getByRole("button", { name }).click();
  await page
    .getByTestId("stock-of")
    .filter({ hasText: new RegExp(`^${name} `) })
    .waitFor();
  await page.getByTestId("stock").waitFor();
  return Number(await stock(page));
}

describe("the React app on the mock in a Service Worker", () => {
  it("loads the pets five at a time with useInfiniteQuery and Load more", async () => {
    const { page, requests, problems } = await open();
    try {
      const first = ["Rex", "Misty", "Bella", "Kaiser", "Rusty"]; // pets 1 to 5, whatever their status
      expect(await petNames(page)).toEqual(first);
      const total = Number(/^5 of (\d+)$/.exec((await page.getByTestId("count").textContent()) ?? "")?.[1]);
      expect(total).toBeGreaterThan(10);

      await page.getByTestId("load-more").click();
      await expect.poll(() => page.getByTestId("count").textContent()).toBe(`10 of ${total}`);
      const names = await petNames(page);
      expect(names.slice(0, 5)).toEqual(first);
      expect(new Set(names).size).toBe(10);
      // The second page followed the Link header's next offset.
      expect(requests.filter((request) => request.startsWith("GET /pets?"))).toEqual([
        "GET /pets?limit=5&offset=0",
        "GET /pets?limit=5&offset=5",
      ]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("places an order, and x-affects refreshes the stock panel and the list with no manual invalidation", async () => {
    const { page, requests, problems } = await open();
    try {
      const before = await select(page, "Rex");
      expect(before).toBeGreaterThan(1);
      expect(await page.getByTestId("stock-status").textContent()).toBe("available");
      const inventoryReads = () => requests.filter((request) => request === "GET /store/inventory/1").length;
      expect(inventoryReads()).toBe(1);

      // Order all of Rex's stock: the mock makes Rex pending. The optimistic update only lowers the
      // quantity; the status can only come from a refetch, which placeOrder's x-affects triggers.
      const rex = row(page, "Rex");
      await rex.getByRole("spinbutton").fill(String(before));
      await rex.getByRole("button", { name: "Order" }).click();
      await expect
        .poll(() => page.getByTestId("order-result").textContent())
        .toMatch(new RegExp(`^Order #\\d+ placed: ${before} × pet #1\\.$`));
      await expect.poll(() => page.getByTestId("stock-status").textContent()).toBe("pending");
      expect(await stock(page)).toBe("0");
      expect(inventoryReads()).toBe(2);
      // listPets is in placeOrder's x-affects too: the infinite list was refetched and shows Rex pending.
      await expect.poll(() => rex.locator(".status").textContent()).toBe("pending");
      expect(await rex.getByRole("button", { name: "Order" }).isDisabled()).toBe(true);
      expect(requests.filter((request) => request === "GET /pets?limit=5&offset=0")).toHaveLength(2);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows the stock drop at once and rolls it back when the API answers 409 INSUFFICIENT_STOCK", async () => {
    // Writes wait 1.5 s in the mock (Prefer: delay=1500), so the optimistic value can be seen.
    const { page, requests, problems } = await open("?writeDelay=1500");
    try {
      const before = await select(page, "Misty");
      expect(before).toBeGreaterThan(0);

      const misty = row(page, "Misty");
      await misty.getByRole("spinbutton").fill(String(before + 1));
      await misty.getByRole("button", { name: "Order" }).click();
      // Optimistic: the cached stock is down before the mock answers.
      await expect.poll(() => stock(page)).toBe("0");
      expect(await page.getByTestId("order-result").textContent()).toBe("Ordering…");

      // The mock refuses: the stock is back, and the error says why.
      const alert = page.getByTestId("order-result");
      await expect.poll(() => alert.textContent(), { timeout: 5_000 }).toMatch(/^Order failed: INSUFFICIENT_STOCK: /);
      expect(await alert.getAttribute("role")).toBe("alert");
      expect(await stock(page)).toBe(String(before));
      expect(await page.getByTestId("stock-status").textContent()).toBe("available");
      expect(requests.filter((request) => request === "POST /store/orders")).toHaveLength(1);
      // A failed call changes nothing, so nothing is invalidated or read again.
      expect(requests.filter((request) => request.startsWith("GET /store/inventory/"))).toHaveLength(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it("shows NewPet's field errors without sending anything, then the API's 422 after sending", async () => {
    const { page, requests, problems } = await open();
    const form = page.getByTestId("pet-form");
    const posts = () => requests.filter((request) => request === "POST /pets");
    try {
      await form.locator("input[name=name]").fill(" ");
      await form.locator("input[name=categoryId]").fill("0");
      await form.getByRole("button", { name: "Add pet" }).click();
      await expect
        .poll(() => page.getByTestId("error-name").textContent())
        .toMatch(/^body\.name is not valid: A name of 1 to 100 characters/);
      expect(await page.getByTestId("error-categoryId").textContent()).toBe(
        "body.categoryId must be at least 1 (got 0)",
      );
      expect(posts()).toEqual([]);

      // The errors follow the typing once the form was submitted.
      await form.locator("input[name=name]").fill("Biscuit");
      await expect.poll(() => page.getByTestId("error-name").count()).toBe(0);
      expect(await page.getByTestId("error-categoryId").count()).toBe(1);

      // Valid for the schema, but category 999 does not exist: the API's 422 shows.
      await form.locator("input[name=categoryId]").fill("999");
      expect(await page.getByTestId("error-categoryId").count()).toBe(0);
      await form.getByRole("button", { name: "Add pet" }).click();
      await expect
        .poll(() => page.getByTestId("form-result").textContent())
        .toMatch(/^The API refused it: UNKNOWN_REFERENCE: /);
      expect(posts()).toHaveLength(1);

      // A real category: the pet is created.
      await form.locator("input[name=categoryId]").fill("3");
      await form.getByRole("button", { name: "Add pet" }).click();
      await expect.poll(() => page.getByTestId("form-result").textContent()).toMatch(/^Biscuit \(#\d+\) was added\.$/);
      expect(posts()).toHaveLength(2);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
