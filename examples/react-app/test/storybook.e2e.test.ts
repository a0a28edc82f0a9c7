// The static Storybook build (`storybook build`), served on 127.0.0.1 and visited in a real Chromium: every
// story renders with no console error and shows what its state promises; stories keep their state to themselves.
import { launchChromium } from "@petstore/testing/chromium";
import { serveStatic } from "@petstore/testing/static-server";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStorybook } from "./support.js";

let browser: Browser;
let storybook: Awaited<ReturnType<typeof buildStorybook>>;
let site: Awaited<ReturnType<typeof serveStatic>>;
/** The tab the stories are visited in, one after another (see `visit`). */
let tab: Page;

beforeAll(async () => {
  [browser, storybook] = await Promise.all([launchChromium(), buildStorybook()]);
  site = await serveStatic(storybook.dir);
  tab = await (await browser.newContext({ viewport: { width: 1100, height: 800 } })).newPage();
  watch(tab, () => current);
});

afterAll(async () => {
  await site?.close();
  await storybook?.remove();
  await browser?.close();
});

interface Seen {
  /** API answers by path: status and Retry-After. */
  answers: { path: string; status: number; retryAfter: string | null }[];
  /** What would show in the console as a failure. */
  problems: string[];
}

interface Visit extends Seen {
  /** The story's page. */
  page: Page;
}

/** What the story visited in `tab` now has shown (a new record for each visit). */
let current: Seen = { answers: [], problems: [] };

/**
 * Records what `page` shows into `into()` (read at each event). Chromium logs every 4xx/5xx answer as "Failed to load
 * resource": the API's (which the stories ask for, and show) and the favicon's (iframe.html links none) are not
 * problems; any other console error or warning, or an uncaught error, is. Storybook's own manager UI (index.html)
 * warns about its own components: only what the stories' document logs counts.
 */
function watch(page: Page, into: () => Seen): void {
  page.on("response", (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith("/api/")) {
      into().answers.push({
        path: url.pathname,
        status: response.status(),
        retryAfter: response.headers()["retry-after"] ?? null,
      });
    }
  });
  page.on("pageerror", (error) => into().problems.push(`uncaught: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") {
      return;
    }
    const { pathname } = new URL(message.location().url || site.url);
    const expected = message.text().startsWith("Failed to load resource") && /^\/api\/|^\/favicon\.ico$/.test(pathname);
    if (!expected && !pathname.startsWith("/sb-manager/")) {
      into().problems.push(`${message.type()}: ${message.text()}`);
    }
  });
}

/** Opens `path` on the built Storybook in a fresh browser context. */
async function open(path: string): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 800 } });
  const page = await context.newPage();
  const seen: Seen = { answers: [], problems: [] };
  watch(page, () => seen);
  await page.goto(`${site.url}/${path}`);
  return { page, ...seen };
}

/**
 * Visits one story alone, as the Storybook test runner does: iframe.html?id=…, no manager around it, in a document
 * of its own (the tab's, loaded afresh) with the site's storage emptied first. One tab for all: a new tab (a new
 * renderer process) for each story cost twice the CPU of the story itself.
 */
async function visit(id: string): Promise<Visit> {
  if (tab.url().startsWith(site.url)) {
    await tab.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  }
  // The story before is unloaded first: what it logs on its way out stays its own.
  await tab.goto("about:blank");
  current = { answers: [], problems: [] };
  await tab.goto(`${site.url}/iframe.html?id=${id}&viewMode=story`);
  return { page: tab, ...current };
}

/** Waits until `text` is visible in the story. */
async function shows(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: "visible", timeout: 15_000 });
}

const petNames = (page: Page) => page.getByTestId("pet").locator(".name").allTextContents();

/** What each story promises, checked in its own page. A story with no entry here fails the first test. */
const STORIES: Record<string, (visit: Visit) => Promise<void>> = {
  "petstore-app--with-pets": async ({ page }) => {
    await shows(page, "5 of 20");
    expect(await petNames(page)).toEqual(["Rex", "Misty", "Bella", "Kaiser", "Rusty"]);
  },
  "petstore-app--empty": async ({ page }) => {
    await shows(page, "0 of 0");
    expect(await petNames(page)).toEqual([]);
  },
  "petstore-app--long-paged-list": async ({ page }) => {
    await shows(page, "15 of 120");
    expect(await page.getByTestId("pet").count()).toBe(15);
  },
  "petstore-app--loading": async ({ page, answers }) => {
    await shows(page, "Loading…");
    expect(await page.getByTestId("pet").count()).toBe(0);
    expect(answers).toEqual([]); // the list's request is still waiting on its delay
  },
  "petstore-app--sold-out": async ({ page }) => {
    await shows(page, "5 of 20");
    const rex = page.getByTestId("pet").filter({ hasText: "Rex" });
    expect(await rex.locator(".status").textContent()).toBe("sold");
    expect(await rex.getByRole("button", { name: "Order" }).isDisabled()).toBe(true);
    await shows(page, "0 in stock · sold");
  },
  "petstore-app--order-fails-for-lack-of-stock": async ({ page, answers }) => {
    await shows(page, "Order failed: INSUFFICIENT_STOCK: body.quantity is 5 but pet 1 has only 2 in stock");
    expect(answers.filter((answer) => answer.path === "/api/store/orders").map((answer) => answer.status)).toEqual([
      409,
    ]);
    await shows(page, "2 in stock · available"); // rolled back from the optimistic 0
  },
  "petstore-app--order-during-outage": async ({ page, answers }) => {
    await shows(page, "Order failed: SERVICE_UNAVAILABLE: orders are paused for maintenance");
    const orders = answers.filter((answer) => answer.path === "/api/store/orders");
    expect(orders).toEqual([{ path: "/api/store/orders", status: 503, retryAfter: expect.stringMatching(/^\d+$/) }]);
    expect(await petNames(page)).toHaveLength(5); // the rest of the API still answers
  },
  "petstore-app--service-down": async ({ page, answers }) => {
    await shows(page, /^SERVICE_UNAVAILABLE: /);
    expect(answers[0]).toEqual({ path: "/api/pets", status: 503, retryAfter: expect.stringMatching(/^\d+$/) });
  },
  "petstore-app--unauthorized": async ({ page, answers }) => {
    await shows(page, "UNAUTHORIZED: the bearer key is not known to this server");
    expect(answers[0]).toMatchObject({ path: "/api/pets", status: 401 });
  },
  "petstore-app--pet-form-field-errors": async ({ page, answers }) => {
    await shows(page, 'body.name must be at least 1 character long (got "")');
    expect(answers.filter((answer) => answer.path === "/api/pets" && answer.status !== 200)).toEqual([]);
  },
  "petstore-app--pet-form-refused-by-api": async ({ page }) => {
    await shows(
      page,
      "The API refused it: UNKNOWN_REFERENCE: body.categoryId refers to category 999, which does not exist",
    );
  },
  "petstore-app--order-placed": async ({ page }) => {
    await shows(page, /^Order #\d+ placed: 3 × pet #1\.$/);
    await shows(page, "6 in stock · available");
  },
  "petstore-app--with-inspector": async ({ page }) => {
    const inspector = page.getByRole("dialog", { name: "Petstore mock inspector" });
    await inspector.getByLabel("Outcome of deleteCategory", { exact: true }).selectOption("409 CATEGORY_IN_USE");
    await page.getByRole("button", { name: "Delete Reptiles" }).click();
    await shows(page, /^Delete failed: CATEGORY_IN_USE: /);
  },
  "petstore-app--pet-added": async ({ page }) => {
    await shows(page, "Nemo (#21) was added.");
    await shows(page, "5 of 21");
  },
};

describe("the Storybook of the React app, built and served statically", () => {
  it("has a test below for every story, and a story for every test", async () => {
    const index = (await (await fetch(`${site.url}/index.json`)).json()) as {
      entries: Record<string, { type: string }>;
    };
    const stories = Object.entries(index.entries)
      .filter(([, entry]) => entry.type === "story")
      .map(([id]) => id);
    expect(stories.sort()).toEqual(Object.keys(STORIES).sort());
  });

  for (const [id, check] of Object.entries(STORIES)) {
    it(`renders ${id} with no console error`, async () => {
      const opened = await visit(id);
      await check(opened);
      expect(opened.problems).toEqual([]);
    });
  }

  it("keeps each story's writes to itself when stories follow one another in one tab", async () => {
    const opened = await open("index.html?path=/story/petstore-app--pet-added");
    const { page, problems } = opened;
    try {
      const story = page.frameLocator("#storybook-preview-iframe");
      const frame = () => {
        const found = page.frame({ url: /iframe\.html/ });
        if (!found) {
          throw new Error("the manager has no preview iframe");
        }
        return found;
      };
      const select = async (id: string) => {
        await page.locator(`[data-item-id="${id}"]`).first().click();
      };
      await story.getByText("Nemo (#21) was added.").waitFor({ timeout: 15_000 });
      // A mark in the preview's window: still there at the end, so no story below reloaded the page.
      await frame().evaluate(() => Object.assign(window, { petstoreMark: "same document" }));

      await select("petstore-app--order-placed");
      await story.getByText(/^Order #\d+ placed: 3 × pet #1\.$/).waitFor({ timeout: 15_000 });
      await story.getByText("6 in stock · available").waitFor();
      expect(await story.getByTestId("count").textContent()).toBe("5 of 20"); // no Nemo here

      await select("petstore-app--pet-added");
      await story.getByText("Nemo (#21) was added.").waitFor({ timeout: 15_000 }); // not #22: a new store
      expect(await story.getByTestId("count").textContent()).toBe("5 of 21");

      await select("petstore-app--with-pets");
      await story.getByText("5 of 20").waitFor({ timeout: 15_000 });
      await story.getByRole("button", { name: "Rex" }).click();
      await story.getByText("9 in stock · available").waitFor(); // not 6: OrderPlaced's order is gone

      expect(await frame().evaluate(() => (window as { petstoreMark?: string }).petstoreMark)).toBe("same document");
      expect(problems).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
