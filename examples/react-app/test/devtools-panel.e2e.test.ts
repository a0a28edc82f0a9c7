// The inspector in a real Chromium (issue 48, item 7), in the React page's TanStack Devtools pane: the State tab's
// table is a grid the arrow keys move through (one Tab stop), and the page's status lines go when a named state
// replaces the store. The floating panel's own chrome (its toggle, its header at 390 px, × and Escape) is tested on
// the Vue page, which mounts it (examples/vue-app/test/vue-app.e2e.test.ts).
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { servedMockBuild } from "./served-page.js";
import { inspector, openInspector } from "./support.js";

const served = servedMockBuild();

async function open(): Promise<Page> {
  const page = await served.browser.newPage({ viewport: { width: 1200, height: 844 } });
  await page.goto(served.url);
  await page.waitForSelector("body[data-ready=true]");
  await page.getByTestId("pet").first().waitFor();
  await openInspector(page);
  return page;
}

/** The focused element of the panel: `key:field` for a record's cell, `key:Delete` for its button, else its tag. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.querySelector("[data-petstore-devtools]")?.shadowRoot?.activeElement as HTMLElement | null;
    const key = active?.closest<HTMLElement>("tr[data-key]")?.dataset.key;
    if (!active || key === undefined) {
      return active?.tagName ?? null;
    }
    return `${key}:${active.dataset.field ?? (active.textContent || active.tagName)}`;
  });

describe("the inspector's grid and the page's status lines", () => {
  it("makes the State tab's records one Tab stop, moved through with the arrow keys, Home and End", async () => {
    const page = await open();
    try {
      await inspector(page).getByRole("tab", { name: "State", exact: true }).click();
      const grid = inspector(page).getByRole("grid", { name: "pets" });
      await grid.locator("td[data-field=name]").first().waitFor();
      const stops = await grid.evaluate(
        (table) =>
          [...table.querySelectorAll<HTMLElement>("tr[data-key] td, tr[data-key] button")].filter(
            (element) => element.tabIndex >= 0,
          ).length,
      );
      expect(stops).toBe(1);
      await grid.locator("tr[data-key] td").first().focus();
      expect(await focused(page)).toBe("1:id");
      await page.keyboard.press("ArrowRight");
      expect(await focused(page)).toBe("1:name");
      await page.keyboard.press("ArrowDown");
      expect(await focused(page)).toBe("2:name");
      await page.keyboard.press("End");
      expect(await focused(page)).toBe("2:Delete");
      await page.keyboard.press("ArrowLeft");
      expect(await focused(page)).toBe("2:status");
      await page.keyboard.press("Home");
      expect(await focused(page)).toBe("2:id");
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      expect(await focused(page)).toBe("1:id");
      const last = await grid.locator("tr[data-key]").last().getAttribute("data-key");
      await page.keyboard.press("Control+End");
      expect(await focused(page)).toBe(`${last}:Delete`);
      await page.keyboard.press("Control+Home");
      expect(await focused(page)).toBe("1:id");
      // Tab leaves the records for the row that adds one; Shift+Tab comes back to the cell left.
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("Tab");
      expect(await focused(page)).toBe("INPUT");
      await page.keyboard.press("Shift+Tab");
      expect(await focused(page)).toBe("1:name");
      // An edit given up with Escape hands the focus back to its cell.
      await page.keyboard.press("Enter");
      expect(await focused(page)).toBe("1:INPUT");
      await page.keyboard.press("Escape");
      await expect.poll(() => focused(page)).toBe("1:name");
    } finally {
      await page.close();
    }
  });

  it("clears the page's status lines when a named state replaces the store", async () => {
    const page = await open();
    try {
      await page.getByRole("button", { name: "Delete Reptiles" }).click();
      await expect.poll(() => page.getByTestId("category-result").textContent()).toBe("Category deleted.");
      await inspector(page).getByRole("tab", { name: "State", exact: true }).click();
      await inspector(page).getByLabel("Named state").selectOption("sold-out");
      await inspector(page).getByRole("button", { name: "Load", exact: true }).click();
      await expect
        .poll(() => inspector(page).getByRole("status").first().textContent())
        .toMatch(/^Done: the named state/);
      await expect.poll(() => page.getByTestId("category-result").textContent()).toBe("");
    } finally {
      await page.close();
    }
  });
});
