// The SWR page (swr.html) end to end in a real Chromium, with the mock in a Service Worker: an order placed
// through useSWRMutation makes SWR fetch again exactly the reads placeOrder's x-affects names.
import { describe, expect, it } from "vitest";
import { servedMockBuild } from "./served-page.js";

const served = servedMockBuild();

describe("the SWR page on the mock in a Service Worker", () => {
  it("places an order with useSWRMutation and refetches the ordered pet and its stock, nothing else", async () => {
    const page = await served.browser.newPage();
    try {
      // `METHOD /path` of every API request the page sent, as the Service Worker's mock received them.
      const requests: string[] = [];
      const problems: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) {
          requests.push(`${request.method()} ${url.pathname.slice("/api".length)}${url.search}`);
        }
      });
      page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
      await page.goto(`${served.url}/swr.html`);
      await page.waitForSelector("body[data-ready=true]");
      await page
        .getByTestId("categories")
        .filter({ hasText: /^\d+ categories$/ })
        .waitFor();
      await expect.poll(() => page.getByTestId("stock-1").textContent()).toMatch(/^\d+$/);
      await expect.poll(() => page.getByTestId("stock-3").textContent()).toMatch(/^\d+$/);
      const before = Number(await page.getByTestId("stock-1").textContent());
      expect([...requests].sort()).toEqual(
        ["GET /categories", "GET /pets/1", "GET /pets/3", "GET /store/inventory/1", "GET /store/inventory/3"].sort(),
      );

      requests.length = 0;
      await page.getByRole("button", { name: "Order Rex" }).click();
      await expect.poll(() => page.getByTestId("stock-1").textContent()).toBe(String(before - 1));
      await expect.poll(() => page.getByRole("button", { name: "Order Rex" }).isEnabled()).toBe(true);
      // The write, then the reads SWR fetched again: getPet and getInventoryItem of pet 1 (pet 3 and the categories
      // are not in placeOrder's x-affects for this order).
      expect(requests[0]).toBe("POST /store/orders");
      expect(requests.slice(1).sort()).toEqual(["GET /pets/1", "GET /store/inventory/1"]);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
