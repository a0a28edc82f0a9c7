// The inspector panel (@petstore/mock/devtools/tanstack, in TanStack Devtools' pane) driven in a real Chromium over
// the React page with the mock in a Service Worker: an outcome chosen for an operation reaches the app, the log names what a write affects, state
// edits show in the app after its refetch, an edit that breaks a rule changes nothing, and a named state pages.
import { operation } from "@petstore/contract";
import { startPetstoreServer } from "@petstore/mock/node";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { servedMockBuild } from "./served-page.js";
import { inspector, openInspector } from "./support.js";

const served = servedMockBuild();

/**
 * The tab the tests open the page in, one after another (`open`, then `leave`): a new tab (a new renderer process)
 * for each test cost more CPU than the page itself. Each test's page is a first visit all the same: `leave` empties
 * the site's storage and unregisters its Service Worker before the tab leaves it.
 */
let tab: Page | undefined;
/** What the page in `tab` now threw (a new list for each page). */
let thrown: string[] = [];
afterAll(async () => {
  await tab?.context().close();
});

/** The page (at `query`, e.g. `?mock=URL`) with the inspector open. */
async function open(query = ""): Promise<{ page: Page; problems: string[] }> {
  if (!tab) {
    tab = await served.browser.newPage({ viewport: { width: 1200, height: 900 } });
    tab.on("pageerror", (error) => thrown.push(`uncaught: ${error.message}`));
  }
  const page = tab;
  const problems: string[] = [];
  thrown = problems;
  await page.goto(`${served.url}/${query}`);
  await page.waitForSelector("body[data-ready=true]");
  await page.getByTestId("pet").first().waitFor();
  await openInspector(page);
  return { page, problems };
}

/** Leaves the page `open` opened: the site's storage emptied and its Service Worker unregistered first. */
async function leave(page: Page): Promise<void> {
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    for (const registration of await navigator.serviceWorker.getRegistrations()) {
      await registration.unregister();
    }
  });
  await page.goto("about:blank");
}

const panelStatus = (page: Page) => inspector(page).getByRole("status").first().textContent();

async function openTab(page: Page, name: "Operations" | "Requests" | "State") {
  await inspector(page).getByRole("tab", { name, exact: true }).click();
}

/** The State tab's cell of `field` in the row whose first cell (the id) is `id`. */
const cell = (page: Page, id: number, field: string) =>
  inspector(page)
    .locator("tbody tr")
    .filter({ has: page.locator("td[data-field]:first-child", { hasText: new RegExp(`^${id}$`) }) })
    .locator(`td[data-field=${field}]`);

async function editCell(page: Page, id: number, field: string, text: string) {
  await cell(page, id, field).dblclick();
  const editor = cell(page, id, field).locator("input, select");
  if ((await editor.evaluate((element) => element.tagName)) === "SELECT") {
    await editor.selectOption(text);
    await editor.press("Enter");
  } else {
    await editor.fill(text);
    await editor.press("Enter");
  }
}

/**
 * Issue 48, item 1: in the State tab, a pet added (its inventory entry with it; a refusal keeps what was typed) and
 * pet 1 deleted with what goes with it, said first; the app shows both. `stored` reads a pet where the mock keeps it.
 */
async function addAndDeletePet(page: Page, stored: (id: number) => Promise<string | undefined>) {
  await openTab(page, "State");
  await cell(page, 1, "name").waitFor();
  const addRow = inspector(page).locator("tr[data-add]");
  await addRow.getByLabel("name", { exact: true }).fill("Biscuit");
  await addRow.getByLabel("categoryId", { exact: true }).fill("999");
  await addRow.getByRole("button", { name: "Add" }).click();
  await expect
    .poll(() => panelStatus(page))
    .toBe("Refused: changes[0]: pets[20].categoryId: category 999 does not exist. Nothing changed.");
  expect(await addRow.getByLabel("name", { exact: true }).inputValue()).toBe("Biscuit");
  await addRow.getByLabel("categoryId", { exact: true }).fill("1");
  await addRow.getByRole("button", { name: "Add" }).click();
  await expect.poll(() => panelStatus(page)).toMatch(/^Done: added to pets/);
  expect(await stored(21)).toBe("Biscuit");
  await expect.poll(() => page.getByTestId("count").textContent()).toBe("5 of 21");
  for (const shown of [10, 15, 20, 21]) {
    await page.getByTestId("load-more").click();
    await expect.poll(() => page.getByTestId("count").textContent()).toBe(`${shown} of 21`);
  }
  expect(await page.locator('[data-pet-id="21"] .name').textContent()).toBe("Biscuit");

  await inspector(page).getByRole("button", { name: "Delete pets[0]" }).click();
  const question = inspector(page).getByRole("group", { name: "Confirm deletion" });
  expect(await question.textContent()).toMatch(/^Delete pet 1 \(.+\)\? With it go the inventory entry of pet 1/);
  expect(await stored(1)).toBeDefined();
  await question.getByRole("button", { name: "Delete all" }).click();
  await expect.poll(() => panelStatus(page)).toMatch(/^Done: deleted pet 1 .*the inventory entry of pet 1/);
  expect(await stored(1)).toBeUndefined();
  await expect.poll(() => page.getByTestId("count").textContent()).toMatch(/ of 20$/);
  expect(await page.locator('[data-pet-id="1"]').count()).toBe(0);
}

describe("the inspector panel over the React page", () => {
  it("opens, and changes tabs, before its connection to the page's mock is made, then draws once it is", async () => {
    const page = await served.browser.newPage({ viewport: { width: 1200, height: 900 } });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
    // The panel connects through the control handler, a chunk of its own (handler-HASH.js): held back until the
    // tabs were clicked, as a slow network or a busy machine holds it. The context's route, not the page's: the
    // page's requests go through msw's Service Worker.
    let held = false;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.context().route(/\/handler-[^/]*\.js$/, async (route) => {
      held = true;
      await released;
      await route.continue();
    });
    try {
      await page.goto(served.url);
      await openInspector(page);
      await expect.poll(() => held).toBe(true);
      for (const name of ["Requests", "State", "Operations"] as const) {
        await openTab(page, name);
      }
      expect(problems).toEqual([]);
      release();
      await expect.poll(() => inspector(page).getByLabel("Outcome of deleteCategory", { exact: true }).count()).toBe(1);
      await openTab(page, "State");
      await cell(page, 1, "name").waitFor();
      expect(problems).toEqual([]);
    } finally {
      release();
      await page.close();
    }
  });

  it("makes the next deleteCategory answer 409 CATEGORY_IN_USE, and the app shows it; the call after is the mock's", async () => {
    const { page, problems } = await open();
    try {
      const outcome = inspector(page).getByLabel("Outcome of deleteCategory", { exact: true });
      // Only what the document lists for deleteCategory can be chosen.
      const offered = await outcome
        .locator("option")
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
      expect(offered).toContain("409 CATEGORY_IN_USE");
      expect(offered).not.toContain("409 INSUFFICIENT_STOCK");
      await outcome.selectOption("409 CATEGORY_IN_USE");

      // Reptiles has no pets: without the panel, deleting it succeeds.
      await page.getByRole("button", { name: "Delete Reptiles" }).click();
      await expect
        .poll(() => page.getByTestId("category-result").textContent())
        .toMatch(/^Delete failed: CATEGORY_IN_USE: /);
      // Used up: the next call runs, and the select is back to the mock's own answer.
      await expect.poll(() => outcome.inputValue()).toBe("");
      await page.getByRole("button", { name: "Delete Reptiles" }).click();
      await expect.poll(() => page.getByTestId("category-result").textContent()).toBe("Category deleted.");
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
    }
  });

  it("logs each request, and a write's entry names the reads its x-affects says it changes", async () => {
    const { page, problems } = await open();
    try {
      await page.getByTestId("pet").first().getByRole("button", { name: "Order" }).click();
      await expect.poll(() => page.getByTestId("order-result").textContent()).toMatch(/^Order #\d+ placed/);
      await openTab(page, "Requests");
      const entry = inspector(page).locator("details", { hasText: "POST/store/orders" }).first();
      await entry.locator("summary").click();
      const affects = await entry.locator("[data-affects]").textContent();
      const expected = [...new Set(operation("placeOrder").affects.map(({ operationId }) => operationId))];
      expect(affects).toBe(`Affects (refetch): ${expected.join(", ")}`);
      expect(await entry.locator("[data-status]").textContent()).toBe("201");
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
    }
  });

  it("edits a pet's name in the state table and the app's list shows it; an edit that breaks a rule changes nothing", async () => {
    const { page, problems } = await open();
    try {
      await openTab(page, "State");
      await cell(page, 1, "name").waitFor();
      await editCell(page, 1, "name", "Rex the Brave");
      await expect.poll(() => page.getByTestId("pet").first().locator(".name").textContent()).toBe("Rex the Brave");

      await editCell(page, 1, "categoryId", "999");
      await expect
        .poll(() => panelStatus(page))
        .toMatch(/^Refused: changes\[0\]: pets\[0\]\.categoryId: category 999 does not exist/);
      expect(await panelStatus(page)).toMatch(/Nothing changed\.$/);
      expect(await cell(page, 1, "categoryId").textContent()).toBe("1");

      await editCell(page, 1, "status", "sold");
      // Its inventory entry's status follows, but a sold pet has no stock and no open order: refused, naming the rule.
      await expect.poll(() => panelStatus(page)).toMatch(/^Refused: .*pet 1 is sold/);
      expect(await cell(page, 1, "status").textContent()).toBe("available");
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
    }
  });

  it("keeps an edit begun while the previous one saves: the redraw after the save opens it again, text and all", async () => {
    const { page, problems } = await open();
    try {
      await openTab(page, "State");
      await cell(page, 1, "name").waitFor();
      // In one turn of the page, before the save's redraw: Enter in pet 1's name, then a double click on pet 2's name
      // and half a word typed there.
      await inspector(page)
        .locator("table")
        .evaluate((table) => {
          const nameOf = (id: number) =>
            [...table.querySelectorAll("tbody tr")]
              .find((row) => row.querySelector("td")?.textContent === String(id))
              ?.querySelector<HTMLElement>("td[data-field=name]");
          nameOf(1)?.dispatchEvent(new MouseEvent("dblclick"));
          const first = nameOf(1)?.querySelector("input");
          first!.value = "Rex the Quick";
          first!.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
          nameOf(2)?.dispatchEvent(new MouseEvent("dblclick"));
          nameOf(2)!.querySelector("input")!.value = "Misty the";
        });
      await expect.poll(() => panelStatus(page)).toMatch(/^Done: pets\[0\]\.name changed/);
      await expect.poll(() => page.getByTestId("pet").first().locator(".name").textContent()).toBe("Rex the Quick");
      const editor = cell(page, 2, "name").locator("input");
      expect(await editor.inputValue()).toBe("Misty the");
      await editor.press("End");
      await editor.pressSequentially(" Second");
      await editor.press("Enter");
      await expect.poll(() => page.getByTestId("pet").nth(1).locator(".name").textContent()).toBe("Misty the Second");
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
    }
  });

  it("switches to the named state `many`, and both the app and the table page through it", async () => {
    const { page, problems } = await open();
    try {
      await openTab(page, "State");
      await inspector(page).getByLabel("Named state").selectOption("many");
      await inspector(page).getByRole("button", { name: "Load", exact: true }).click();
      await expect.poll(() => panelStatus(page)).toMatch(/^Done: the named state many/);
      await expect.poll(() => page.getByTestId("count").textContent()).toMatch(/^5 of \d{3,}$/);
      const total = Number(/of (\d+)/.exec((await page.getByTestId("count").textContent()) ?? "")?.[1]);
      for (let shown = 10; shown <= 20; shown += 5) {
        await page.getByTestId("load-more").click();
        await expect.poll(() => page.getByTestId("count").textContent()).toBe(`${shown} of ${total}`);
      }
      const pages = Math.ceil(total / 50);
      await expect.poll(() => inspector(page).locator("[data-page]").textContent()).toBe(`page 1 of ${pages}`);
      await inspector(page).getByRole("button", { name: "Next" }).click();
      expect(await inspector(page).locator("[data-page]").textContent()).toBe(`page 2 of ${pages}`);
      expect(await inspector(page).locator("tbody tr td[data-field=id]").first().textContent()).toBe("51");
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
    }
  });

  it("adds a pet with its inventory entry and deletes one with its entry on the page's mock; the app shows both", async () => {
    const { page, problems } = await open();
    // Through the page's own mock (the Service Worker), as the app reads it.
    const stored = (id: number) =>
      page.evaluate(async (at) => {
        const response = await fetch(`/api/pets/${at}`, { headers: { Authorization: "Bearer petstore-demo-key" } });
        return response.ok ? ((await response.json()) as { name: string }).name : undefined;
      }, id);
    try {
      await addAndDeletePet(page, stored);
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
    }
  });

  it("adds and deletes a pet on a standalone petstore-mock the page uses (`?mock=URL`); the app shows both", async () => {
    const server = await startPetstoreServer({ port: 0 });
    const { page, problems } = await open(`?mock=${encodeURIComponent(server.url)}`);
    try {
      await expect
        .poll(() => inspector(page).locator("[data-connection]").textContent())
        .toBe(`steering ${server.url}`);
      await addAndDeletePet(page, async (id) => server.app.store.pets.get(id)?.name);
      expect(server.app.store.inventory.get(21)).toMatchObject({ quantity: 0, status: "available" });
      expect(server.app.store.inventory.get(1)).toBeUndefined();
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
      await server.close();
    }
  });

  it("steers a standalone petstore-mock through its control API: an edit lands on the server, a broken one does not", async () => {
    const server = await startPetstoreServer({ port: 0, apiKeys: ["team-key"] });
    const { page, problems } = await open();
    try {
      await inspector(page).getByLabel("Standalone mock URL").fill(server.url);
      await inspector(page).getByLabel("API key").fill("team-key");
      await inspector(page).getByRole("button", { name: "Connect" }).click();
      await expect
        .poll(() => inspector(page).locator("[data-connection]").textContent())
        .toBe(`steering ${server.url}`);
      await openTab(page, "State");
      await editCell(page, 2, "name", "Misty Blue");
      await expect.poll(() => server.app.store.pets.get(2)?.name).toBe("Misty Blue");
      await editCell(page, 2, "categoryId", "999");
      await expect
        .poll(() => panelStatus(page))
        .toMatch(/^Refused: changes\[0\]: pets\[1\]\.categoryId: category 999 does not exist/);
      expect(server.app.store.pets.get(2)?.categoryId).not.toBe(999);
      // The page's own mock was left alone.
      expect(await page.getByTestId("pet").nth(1).locator(".name").textContent()).not.toBe("Misty Blue");
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
      await server.close();
    }
  });

  it("chooses a session's outcomes on a standalone petstore-mock through its control API (issue 48)", async () => {
    const server = await startPetstoreServer({ port: 0, apiKeys: ["team-key"] });
    const { page, problems } = await open();
    const listPets = (session: string) =>
      fetch(`${server.url}/pets?limit=1`, {
        headers: { Authorization: "Bearer team-key", "X-Petstore-Session": session },
      }).then((response) => response.status);
    try {
      await inspector(page).getByLabel("Standalone mock URL").fill(server.url);
      await inspector(page).getByLabel("API key").fill("team-key");
      await inspector(page).getByRole("button", { name: "Connect" }).click();
      await expect
        .poll(() => inspector(page).locator("[data-connection]").textContent())
        .toBe(`steering ${server.url}`);
      await openTab(page, "Operations");
      await inspector(page).getByLabel("Session of the outcomes").fill("team-1");
      await inspector(page).getByLabel("Session of the outcomes").press("Enter");
      await inspector(page).getByLabel("Outcome of listPets", { exact: true }).selectOption("503 SERVICE_UNAVAILABLE");
      // Polled for up to 15 s: on a loaded machine the panel's round trip to the server takes more than the default 1 s.
      await expect
        .poll(() => server.app.sessionOutcomes.peek("team-1")?.list(), { timeout: 15_000 })
        .toEqual([{ operationId: "listPets", status: 503, code: "SERVICE_UNAVAILABLE", times: "once" }]);
      expect(await listPets("default")).toBe(200);
      expect(await listPets("team-1")).toBe(503);
      // A latency past the document's limit is refused by the server, naming the range.
      const delay = inspector(page).getByLabel("Delay of every answer in milliseconds");
      await delay.fill("70000");
      await delay.press("Enter");
      await expect.poll(() => panelStatus(page), { timeout: 15_000 }).toMatch(/from 0 to 60000, not 70000/);
      expect(server.app.sessionOutcomes.peek("team-1")?.delayMs).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await leave(page);
      await server.close();
    }
  });
});
