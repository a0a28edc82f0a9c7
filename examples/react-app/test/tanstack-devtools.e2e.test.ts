// The inspector as a TanStack Devtools plugin (issue 48, item 3) in a real Chromium over the React page, its only
// inspector (no floating panel): TanStack Devtools opens with TanStack Query's panel and the mock's beside it; the
// mock's pane is the inspector with no toggle of its own, its log holds the page's first requests and the next one,
// closing the pane removes it, and opening it again draws a new one.
import { describe, expect, it } from "vitest";
import { servedMockBuild } from "./served-page.js";

const served = servedMockBuild();

describe("the inspector as a TanStack Devtools plugin in the React page", () => {
  it("opens in TanStack Devtools beside Query's panel, logs the page's requests, goes with its pane and comes back with it", async () => {
    const page = await served.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    try {
      await page.goto(served.url);
      await page.waitForSelector("body[data-ready=true]");
      await page.getByTestId("pet").first().waitFor();
      // The page's only inspector: no floating panel's toggle beside TanStack's trigger (issue 48, item 3).
      expect(await page.getByRole("button", { name: "Petstore mock inspector" }).count()).toBe(0);
      await page.getByRole("button", { name: "Open TanStack Devtools" }).click();
      await page.getByRole("button", { name: "TanStack Query", exact: true }).waitFor();
      await page.getByRole("button", { name: "Petstore", exact: true }).click();

      const pane = page.getByRole("region", { name: "Petstore mock inspector" });
      await pane.getByRole("tab", { name: "Requests", exact: true }).click();
      // The first page of pets, read before TanStack Devtools loaded: the plugin was made beside the mock.
      const entry = (target: string) => pane.locator("details", { hasText: `GET${target}` });
      await expect.poll(() => entry("/pets?limit=5").count()).toBeGreaterThan(0);
      await page.getByRole("button", { name: "Load more" }).click();
      await expect.poll(() => entry("/pets?limit=5&offset=5").count()).toBe(1);
      expect(await entry("/pets?limit=5&offset=5").locator("[data-status]").textContent()).toBe("200");
      // In TanStack's pane: no close button of its own (the floating panel's dialog has one), shown at once.
      expect(await pane.getByRole("button", { name: "Close the inspector" }).count()).toBe(0);

      // Closing the pane's tab: TanStack calls destroy, and the inspector leaves the page.
      const embedded = page.locator("[data-petstore-devtools][data-embedded]");
      // TanStack's theme, which its styles follow.
      expect(await embedded.getAttribute("data-theme")).toMatch(/^(light|dark)$/);
      expect(await page.locator("[data-petstore-devtools]").count()).toBe(1);
      await page.getByRole("button", { name: "Close Petstore", exact: true }).click();
      await expect.poll(() => embedded.count()).toBe(0);
      // Opened again: a new inspector, drawn in the new pane.
      await page.getByRole("button", { name: "Petstore", exact: true }).click();
      await pane.getByRole("tab", { name: "State", exact: true }).click();
      await expect.poll(() => pane.locator("td[data-field=name]", { hasText: /^Rex$/ }).count()).toBe(1);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
