// The inspector panel's own chrome in a real Chromium (issue 48, item 7): the toggle draws with any font, the header
// fits two rows on a 390 px phone, the State tab's table is a grid the arrow keys move through (one Tab stop), and
// the page's status lines go when a named state replaces the store.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { servedMockBuild } from "./served-page.js";

const served = servedMockBuild();

async function open(width: number): Promise<Page> {
  const page = await served.browser.newPage({ viewport: { width, height: 844 } });
  await page.goto(served.url);
  await page.waitForSelector("body[data-ready=true]");
  await page.getByTestId("pet").first().waitFor();
  await page.getByRole("button", { name: "Petstore mock inspector" }).click();
  return page;
}

const inspector = (page: Page) => page.getByRole("dialog", { name: "Petstore mock inspector" });

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

describe("the inspector panel's toggle, header and grid", () => {
  it("draws its toggle and close button with characters every font has: the paw is an inline SVG", async () => {
    const page = await open(1200);
    try {
      const toggle = page.getByRole("button", { name: "Petstore mock inspector" });
      expect(await toggle.textContent()).toMatch(/^[\x20-\x7e\u00a0-\u00ff]+$/);
      const paw = await toggle.locator("svg").boundingBox();
      expect(paw?.width).toBeGreaterThan(8);
      expect(await inspector(page).getByRole("button", { name: "Close the inspector" }).textContent()).toMatch(
        /^[\x20-\x7e\u00a0-\u00ff]+$/,
      );
    } finally {
      await page.close();
    }
  });

  it("lays its header out in at most two rows at 390 px, nothing past its edge, the close button on the first", async () => {
    const page = await open(390);
    try {
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
    } finally {
      await page.close();
    }
  });

  it("makes the State tab's records one Tab stop, moved through with the arrow keys, Home and End", async () => {
    const page = await open(1200);
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
    const page = await open(1200);
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
