// 1,000 random actions on the inspector panel in the React page's TanStack Devtools pane (outcomes, latency, state
// edits, named states, resets, files aside) mixed with the app's own clicks, in a real Chromium: every answer the
// app receives must be one the document allows (checked by the contract's response checker). The seed is in the test's name, to replay a failure.
import { checkFetchExchange, formatViolation } from "@petstore/contract/checker";
import { expect, it } from "vitest";
import { servedMockBuild } from "./served-page.js";
import { openInspector } from "./support.js";

const ACTIONS = 1_000;
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_128);

const served = servedMockBuild();

/** Runs in the page: `count` random actions on the panel, and app clicks between them, from `seed`; returns what it did, by kind. */
async function randomActions({ count, seed }: { count: number; seed: number }): Promise<Record<string, number>> {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(random() * items.length)];
  const root = document.querySelector("[data-petstore-devtools]")!.shadowRoot!;
  const all = <T extends Element>(selector: string, from: ParentNode = root) => [...from.querySelectorAll<T>(selector)];
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  const choose = (select: HTMLSelectElement) => {
    const option = pick([...select.options]);
    if (option) {
      select.value = option.value;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
  };
  const tab = (name: string) =>
    all<HTMLButtonElement>("header [role=tab]")
      .find((b) => b.textContent === name)
      ?.click();
  const texts = ["", "0", "1", "2", "7", "-1", "999", "x", "Zoë", " ", "a".repeat(101), "sold", "true", "1000001"];
  const done: Record<string, number> = {};
  const appClick = () =>
    pick([...document.querySelectorAll<HTMLButtonElement>("#root button:not([disabled])")])?.click();
  const actions: Record<string, () => void> = {
    outcome() {
      tab("Operations");
      const selects = all<HTMLSelectElement>("select[data-operation]");
      const select = pick(selects);
      if (select) {
        const times = select.nextElementSibling as HTMLSelectElement;
        choose(times);
        choose(select);
      }
    },
    latency() {
      tab("Operations");
      const input = all<HTMLInputElement>("input[type=number]")[0]!;
      input.value = String(pick([0, 0, 5, 20, 1_000_000])); // one past the documented limit: refused
      input.dispatchEvent(new Event("change"));
    },
    clearOutcomes: () =>
      all<HTMLButtonElement>("button")
        .find((b) => b.textContent === "Clear all outcomes")
        ?.click(),
    editCell() {
      tab("State");
      const cell = pick(all<HTMLTableCellElement>("td[data-field]"));
      if (!cell) {
        return;
      }
      cell.dispatchEvent(new MouseEvent("dblclick", { bubbles: true }));
      const editor = cell.querySelector<HTMLInputElement | HTMLSelectElement>("input, select");
      if (editor instanceof HTMLSelectElement) {
        choose(editor);
      } else if (editor) {
        editor.value = pick(texts)!;
      }
      editor?.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    },
    addRecord() {
      tab("State");
      const row = all<HTMLTableRowElement>("tr[data-add]")[0];
      if (!row) {
        return;
      }
      for (const editor of all<HTMLInputElement | HTMLSelectElement>("input, select", row)) {
        if (editor instanceof HTMLSelectElement) {
          choose(editor);
        } else if (random() < 0.5) {
          editor.value = pick(texts)!;
        }
      }
      row.querySelector("button")?.click();
    },
    deleteRecord: () => pick(all<HTMLButtonElement>("button[aria-label^=Delete]"))?.click(),
    collection: () => pick(all<HTMLButtonElement>("[aria-label=Collections] button"))?.click(),
    turnPage: () =>
      pick(all<HTMLButtonElement>("button").filter((b) => /^(Next|Previous)$/.test(b.textContent ?? "")))?.click(),
    namedState() {
      tab("State");
      const select = all<HTMLSelectElement>("select[aria-label='Named state']")[0]!;
      choose(select);
      all<HTMLButtonElement>("button")
        .find((b) => b.textContent === "Load")
        ?.click();
    },
    reset: () =>
      all<HTMLButtonElement>("button")
        .find((b) => b.textContent === "Reset")
        ?.click(),
    requestsTab: () => tab("Requests"),
  };
  const weights: [string, number][] = [
    ["outcome", 14],
    ["latency", 3],
    ["clearOutcomes", 2],
    ["editCell", 12],
    ["addRecord", 6],
    ["deleteRecord", 4],
    ["collection", 4],
    ["turnPage", 3],
    ["namedState", 3],
    ["reset", 2],
    ["requestsTab", 2],
  ];
  const total = weights.reduce((sum, [, weight]) => sum + weight, 0);
  for (let index = 0; index < count; index++) {
    let roll = random() * total;
    let kind = weights[0]![0];
    for (const [name, weight] of weights) {
      kind = name;
      roll -= weight;
      if (roll < 0) {
        break;
      }
    }
    actions[kind]!();
    done[kind] = (done[kind] ?? 0) + 1;
    // Between panel actions, the app's own clicks, so its requests meet every outcome and state the panel sets.
    if (random() < 0.4) {
      appClick();
      done.appClick = (done.appClick ?? 0) + 1;
    }
    await settle();
  }
  return done;
}

it(`after ${ACTIONS} random panel actions (seed ${SEED}), every answer the app received is one the document allows`, async () => {
  const page = await served.browser.newPage({ viewport: { width: 1200, height: 900 } });
  const problems: string[] = [];
  const baseUrl = `${served.url}/api`;
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  // What the app receives, as it receives it: every fetch answer under the API's base URL, kept in the page.
  await page.addInitScript((base) => {
    const kept: { method: string; url: string; status: number; headers: [string, string][]; text: string }[] = [];
    (window as unknown as { answers: typeof kept }).answers = kept;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const request = new Request(input, init);
      const response = await original(request.clone());
      if (request.url.startsWith(`${base}/`)) {
        const text = await response.clone().text();
        kept.push({
          method: request.method,
          url: request.url,
          status: response.status,
          headers: [...response.headers],
          text,
        });
      }
      return response;
    };
  }, baseUrl);
  try {
    await page.goto(served.url);
    await page.waitForSelector("body[data-ready=true]");
    await page.getByTestId("pet").first().waitFor();
    await openInspector(page);
    const done = await page.evaluate(randomActions, { count: ACTIONS, seed: SEED });
    // Let the last answers arrive.
    await page.waitForLoadState("networkidle");
    const answers = await page.evaluate(
      () =>
        (
          window as unknown as {
            answers: { method: string; url: string; status: number; headers: [string, string][]; text: string }[];
          }
        ).answers,
    );
    const statuses = new Map<number, number>();
    const violations: string[] = [];
    for (const answer of answers) {
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      const bodiless = answer.status === 204 || answer.status === 304;
      const response = new Response(bodiless ? null : answer.text, { status: answer.status, headers: answer.headers });
      const found = await checkFetchExchange(new Request(answer.url, { method: answer.method }), response, baseUrl);
      violations.push(...found.map(formatViolation));
    }
    expect(violations, `answers that break the document (actions: ${JSON.stringify(done)})`).toEqual([]);
    expect(problems).toEqual([]);
    // The run exercised what it claims: errors chosen in the panel and successes both reached the app.
    const errors = [...statuses].filter(([status]) => status >= 400).reduce((sum, [, n]) => sum + n, 0);
    const successes = [...statuses].filter(([status]) => status < 400).reduce((sum, [, n]) => sum + n, 0);
    expect(errors, JSON.stringify([...statuses])).toBeGreaterThan(10);
    expect(successes, JSON.stringify([...statuses])).toBeGreaterThan(50);
    const panelActions = Object.entries(done).filter(([kind]) => kind !== "appClick");
    expect(panelActions.reduce((sum, [, n]) => sum + n, 0)).toBe(ACTIONS);
  } finally {
    await page.close();
  }
  // A thousand actions and their answers: tens of seconds on a loaded machine.
}, 180_000);
