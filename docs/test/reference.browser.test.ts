// Opens the built reference in headless Chromium and checks it against openapi/petstore.yaml: what it shows,
// and that try-it works from the page, answered by the mock in the page (static build) or by petstore-mock (/docs/).
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type DocOperation, demoApiKey, document as openapi, operations } from "@petstore/contract";
import { launchChromium } from "@petstore/testing/chromium";
import { killStarted, startCli } from "@petstore/testing/cli";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDocs, DIST_DIR } from "../scripts/build.mjs";
import { startStaticServer } from "../scripts/serve.mjs";

type Operation = DocOperation;

const TRY_IT_SCREENSHOT = path.join(DIST_DIR, "screenshot-try-it.png");
const HIDDEN_SCREENSHOT = path.join(DIST_DIR, "screenshot-list-orders.png");
const byId = (operationId: string) => operations.find((op) => op.operationId === operationId) as Operation;

const run = promisify(execFile);

/** The document's servers, and the first with a concrete address: what stands in for the in-page mock. */
const documentServers = (openapi.servers ?? []) as { url: string; description?: string }[];
const standIn = documentServers.find((entry) => !entry.url.includes("{"))?.url as string;

/**
 * Optional headers that every response of `op` documents with the same definition (shown once per
 * operation), and how many of its responses list each of its other headers (shown under each).
 */
function responseHeaders(op: Operation): { common: string[]; perResponse: Map<string, number> } {
  const responses = [...op.responses.values()];
  const perResponse = new Map<string, number>();
  for (const header of responses.flatMap((response) => response.headers)) {
    perResponse.set(header.name, (perResponse.get(header.name) ?? 0) + 1);
  }
  const [first] = responses;
  const common =
    responses.length < 2 || !first
      ? []
      : first.headers
          .filter(
            (header) =>
              !header.required &&
              responses.every((response) =>
                response.headers.some((other) => other.name === header.name && other.pointer === header.pointer),
              ),
          )
          .map((header) => header.name);
  for (const name of common) {
    perResponse.delete(name);
  }
  return { common, perResponse };
}

/** Runs `script` in bash, its `curl` reaching 127.0.0.1:4010 (the stand-in) at `url` instead. */
async function bash(script: string, url?: string): Promise<string> {
  const redirect = url ? `curl() { command curl --connect-to "::${new URL(url).host}" "$@"; }\n` : "";
  const { stdout } = await run("bash", ["-c", `set -euo pipefail\n${redirect}${script}`], { timeout: 30_000 });
  return stdout;
}

function normalize(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** A page (in a context of its own) whose requests to anything but `origin` are refused and recorded. */
async function offlinePage(browser: Browser, origin: string, external: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  context.setDefaultTimeout(15_000);
  await context.route(
    (url) => url.origin !== origin,
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  return context.newPage();
}

/**
 * Clicks `target` as a reader does, then moves the pointer to the page's corner: left resting on some of Swagger UI's
 * buttons (Try it out, Cancel, Execute), it keeps Chromium laying the whole page out again many times a second.
 */
async function click(target: Locator): Promise<void> {
  await target.click();
  await target.page().mouse.move(0, 0);
}

/**
 * Swagger UI's section of an operation, expanded as a reader does it: a click on its summary (which puts the
 * operation's deep link, `#/<tag>/<operationId>`, in the address). Setting the hash by hand expands nothing: Swagger
 * UI reads deep links only when the page loads.
 */
async function open(page: Page, op: Operation): Promise<Locator> {
  const id = `operations-${op.tag}-${op.operationId}`;
  const section = page.locator(`[id="${id}"]`);
  const body = section.locator(".opblock-body");
  // One section expanded at a time: Swagger UI re-renders every expanded section on each change (see below).
  const others = await page.evaluate(
    (own) =>
      [...document.querySelectorAll(".opblock")]
        .filter((block) => block.id !== own && block.querySelector(".opblock-body"))
        .map((block) => block.id),
    id,
  );
  for (const other of others) {
    await click(page.locator(`[id="${other}"] .opblock-summary-control`));
    await page.locator(`[id="${other}"] .opblock-body`).waitFor({ state: "detached" });
  }
  if ((await body.count()) === 0) {
    await click(section.locator(".opblock-summary-control"));
  }
  await body.waitFor().catch(() => {
    throw new Error(`${op.operationId} did not expand when its summary was clicked`);
  });
  return section;
}

/** Collapses the section of `op` when it is expanded (Swagger UI re-renders every expanded section on each change). */
async function close(page: Page, op: Operation): Promise<void> {
  const section = page.locator(`[id="operations-${op.tag}-${op.operationId}"]`);
  if (await section.locator(".opblock-body").count()) {
    await click(section.locator(".opblock-summary-control"));
    await section.locator(".opblock-body").waitFor({ state: "detached" });
  }
}

/** Presses "Try it out" when it is not pressed yet, fills the parameters and body, executes, and returns the answer. */
async function tryIt(
  page: Page,
  op: Operation,
  { parameters = {}, body }: { parameters?: Record<string, string>; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const section = await open(page, op);
  const tryOut = section.getByRole("button", { name: "Try it out", exact: true });
  if (await tryOut.count()) {
    await click(tryOut);
  }
  for (const [name, value] of Object.entries(parameters)) {
    await section.locator(`tr[data-param-name="${name}"] input`).fill(value);
  }
  if (body !== undefined) {
    await section.locator("textarea.body-param__text").fill(JSON.stringify(body));
  }
  const answers = section.locator(".live-responses-table .response");
  // Swagger UI clears the previous exchange when it sends the next one.
  if (await answers.count()) {
    await click(section.getByRole("button", { name: "Clear", exact: true }));
  }
  await click(section.getByRole("button", { name: "Execute", exact: true }));
  await answers.first().waitFor();
  const status = Number(normalize(await answers.first().locator(".response-col_status").textContent()));
  const text = await answers.first().locator(".response-col_description pre").first().textContent();
  return { status, body: text ? JSON.parse(text) : undefined };
}

// One Chromium for both suites below, each in contexts of its own.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  killStarted();
});

/**
 * One `petstore-mock --port 0` for the tests that need a running one (a terminal's target, and the server of /docs/),
 * started by the first of them and stopped after the file. Each test's data of its own: a name with a timestamp.
 */
let runningCli: ReturnType<typeof startCli> | undefined;
const petstoreMock = () => {
  runningCli ??= startCli(["--port", "0"]);
  return runningCli;
};

describe("API reference, static build (try-it answered by the mock in the page)", () => {
  let page: Page;
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  const external: string[] = [];

  // A build of its own: the READMEs' test runs `pnpm docs:build` into docs/dist/ meanwhile. The screenshots go to
  // docs/dist/, where docs/api-reference.md says they are (a build there keeps them).
  const built = mkdtempSync(path.join(tmpdir(), "petstore-docs-"));

  beforeAll(async () => {
    mkdirSync(DIST_DIR, { recursive: true });
    await buildDocs({ outDir: built, quiet: true });
    server = await startStaticServer({ root: built, port: 0 });
    page = await offlinePage(browser, new URL(server.url).origin, external);
    await page.goto(server.url);
    await page.locator(".opblock").first().waitFor();
  });

  afterAll(async () => {
    await page?.context().close();
    await server?.close();
    rmSync(built, { recursive: true, force: true });
  });

  it("lists every operation of the document", async () => {
    expect(operations.length).toBeGreaterThan(0);
    const rendered = await page.locator(".opblock").evaluateAll((blocks) => blocks.map((block) => block.id));
    expect(rendered.sort()).toEqual(operations.map((op) => `operations-${op.tag}-${op.operationId}`).sort());
  });

  describe.each(operations)("$operationId ($method $path)", (op) => {
    // Swagger UI re-renders every expanded operation on each change: left open, the 20 sections made each later
    // interaction slower (seconds per click by the last ones, and try-it clicks past the 15 s limit on a loaded
    // machine). Each operation's section is expanded once for its tests, and closed again after them.
    let section: Locator;
    beforeAll(async () => {
      section = await open(page, op);
    });
    afterAll(() => close(page, op));

    it("renders with its summary, method and path, and its deep link in the address", async () => {
      // What the summary shows, read in one turn of the page.
      const shown = await section.evaluate((element) => {
        const summary = element.querySelector(".opblock-summary");
        return {
          method: summary?.querySelector(".opblock-summary-method")?.textContent ?? null,
          path: summary?.querySelector("[data-path]")?.getAttribute("data-path") ?? null,
          summary: summary?.querySelector(".opblock-summary-description")?.textContent ?? null,
        };
      });
      expect({ ...shown, method: normalize(shown.method), summary: normalize(shown.summary) }).toEqual({
        method: op.method,
        path: op.path,
        summary: op.summary,
      });
      // Swagger UI puts the operation's deep link in the address as it expands it.
      await expect
        .poll(() => page.evaluate(() => decodeURIComponent(location.hash)), { message: "the address's deep link" })
        .toBe(`#/${op.tag}/${op.operationId}`);
    });

    it("shows each of its code samples, in every language, with the document's source", async () => {
      expect(op.codeSamples.map((s) => s.lang).sort()).toEqual(["JavaScript", "Python", "Shell"]);
      const samples = section.locator(".petstore-code-samples");
      const picker = samples.getByRole("combobox", { name: "Code sample language" });
      // Polled: the plugin draws the picker's options after the operation opens (read at once, they were once none).
      await expect
        .poll(async () => (await picker.locator("option").allInnerTexts()).map(normalize))
        .toEqual(op.codeSamples.map((s) => s.label));
      for (const sample of op.codeSamples) {
        await picker.selectOption({ label: sample.label });
        await expect
          .poll(async () => normalize(await samples.locator("pre code").textContent()))
          .toBe(normalize(sample.source));
      }
    });

    it("shows the optional headers of every response once, and each other header under its responses", async () => {
      const { common, perResponse } = responseHeaders(op);
      // Every header name shown in the section, counted, and those of the block shown once: one turn of the page.
      const shown = () =>
        section.evaluate((element) => {
          const names = (selector: string) =>
            [...element.querySelectorAll<HTMLElement>(selector)].map((cell) =>
              // biome-ignore lint/performance/useDomNodeTextContent: the text as shown, as allInnerTexts() reads it.
              cell.innerText.replace(/\s+/g, " ").trim(),
            );
          const counts: Record<string, number> = {};
          for (const name of names("td.header-col:first-child")) {
            counts[name] = (counts[name] ?? 0) + 1;
          }
          return { counts, once: names(".petstore-common-headers td.header-col:first-child") };
        });
      const expected = Object.fromEntries([...perResponse, ...common.map((name) => [name, 1] as const)]);
      await expect.poll(shown).toEqual({ counts: expected, once: common });
    });

    it(
      op.hideTryItPanel
        ? "offers no try-it control (x-hideTryItPanel)"
        : "offers a try-it control that opens the request form",
      async () => {
        const tryOut = section.getByRole("button", { name: "Try it out", exact: true });
        if (op.hideTryItPanel) {
          // The operation really rendered (its code samples are there), and nothing in it can send it.
          expect(await section.locator(".petstore-code-samples pre").count()).toBe(1);
          expect(await tryOut.count()).toBe(0);
          expect(await section.getByRole("button", { name: "Execute", exact: true }).count()).toBe(0);
          return;
        }
        await click(tryOut);
        await expect.poll(() => section.getByRole("button", { name: "Execute", exact: true }).count()).toBe(1);
        await click(section.getByRole("button", { name: "Cancel", exact: true }));
      },
    );
  });

  it("has optional headers common to every response of an operation (the CORS ones): shown once each", () => {
    expect(operations.every((op) => responseHeaders(op).common.length > 0)).toBe(true);
  });

  it("offers try-it on every operation but those with x-hideTryItPanel (today GET /store/orders)", () => {
    const hidden = operations.filter((op) => op.hideTryItPanel).map((op) => `${op.method} ${op.path}`);
    expect(hidden).toEqual(["GET /store/orders"]);
  });

  it("marks getPet as deprecated, with its sunset date", async () => {
    const deprecated = operations.filter((op) => op.deprecated);
    expect(deprecated.map((op) => op.operationId)).toEqual(["getPet"]);
    const section = await open(page, byId("getPet"));
    expect(await section.getAttribute("class")).toContain("opblock-deprecated");
    const badges = (await section.locator(".opblock-summary .petstore-badge").allInnerTexts()).map(normalize);
    expect(byId("getPet").sunset).toBe("2027-06-30");
    expect(badges).toEqual(["Deprecated", "Sunset 2027-06-30"]);
  });

  it("shows a stability badge on the beta and the experimental operations, and none on stable ones", async () => {
    const unstable = operations.filter((op) => op.stability !== "stable");
    expect(new Set(unstable.map((op) => op.stability))).toEqual(new Set(["beta", "experimental"]));
    for (const op of operations) {
      const section = page.locator(`[id="operations-${op.tag}-${op.operationId}"]`);
      const badges = (await section.locator(".opblock-summary .petstore-badge").allInnerTexts()).map((badge) =>
        normalize(badge).toLowerCase(),
      );
      const expected = [
        ...(op.stability === "stable" ? [] : [op.stability]),
        ...(op.deprecated ? ["deprecated", `sunset ${op.sunset}`] : []),
      ];
      expect(badges, op.operationId).toEqual(expected);
    }
  });

  it("shows the Errors table with every error code on one line", async () => {
    await page.locator(".information-container td code", { hasText: "INVALID_CONTENT_TYPE" }).first().waitFor();
    const codes = await page.evaluate(() =>
      [...document.querySelectorAll(".information-container td code")]
        .filter((code) => /^[A-Z][A-Z_]+$/.test(code.textContent ?? ""))
        .map((code) => ({ code: code.textContent, lines: code.getClientRects().length })),
    );
    expect(codes.map((cell) => cell.code)).toEqual(expect.arrayContaining(["INVALID_CONTENT_TYPE", "UNAUTHORIZED"]));
    expect(codes.filter((cell) => cell.lines !== 1)).toEqual([]);
  });

  it("separates the columns of the introduction's tables, headers too (no 'statuswhen')", async () => {
    const gaps = await page.evaluate(() =>
      [...document.querySelectorAll(".information-container table tr")].flatMap((row) => {
        const edges = [...row.querySelectorAll("th, td")].map((cell) => {
          // What the cell shows: its text and inline boxes (code), not its padding.
          const range = document.createRange();
          range.selectNodeContents(cell);
          const box = range.getBoundingClientRect();
          return { text: (cell.textContent ?? "").trim(), left: box.left, right: box.right };
        });
        return edges.slice(1).map((cell, index) => ({
          between: `${edges[index]?.text} | ${cell.text}`,
          gap: Math.round(cell.left - (edges[index]?.right ?? 0)),
        }));
      }),
    );
    expect(gaps.map((entry) => entry.between)).toContain("status | when");
    // At least half an em between what one cell shows and what the next one shows.
    expect(gaps.filter((entry) => entry.gap < 8)).toEqual([]);
  });

  it("shows the servers' descriptions as text, without Markdown", async () => {
    const options = (await page.locator(".servers select option").allInnerTexts()).map(normalize);
    for (const server of documentServers) {
      const plain = normalize((server.description ?? "").replace(/`([^`]*)`/g, "$1"));
      expect(options).toContain(`${server.url} - ${plain}`);
    }
    expect(options.filter((option) => /[`*]/.test(option))).toEqual([]);
  });

  it("keeps the chosen code sample language across operations and visits", async () => {
    const [listPets, createPet] = [byId("listPets"), byId("createPet")];
    const python = (op: Operation) =>
      op.codeSamples.find((sample) => sample.lang === "Python") as { label: string; source: string };
    const shell = (op: Operation) => op.codeSamples.find((sample) => sample.lang === "Shell") as { label: string };
    // cURL on one operation, then Python on another: the first shows Python too.
    await (await open(page, createPet))
      .getByRole("combobox", { name: "Code sample language" })
      .selectOption({ label: shell(createPet).label });
    await (await open(page, listPets))
      .getByRole("combobox", { name: "Code sample language" })
      .selectOption({ label: python(listPets).label });
    const shows = async (on: Page, op: Operation) => {
      const samples = (await open(on, op)).locator(".petstore-code-samples");
      const picker = samples.getByRole("combobox", { name: "Code sample language" });
      return {
        label: normalize(await picker.locator("option:checked").textContent()),
        source: normalize(await samples.locator("pre code").textContent()),
      };
    };
    expect(await shows(page, createPet)).toEqual({
      label: python(createPet).label,
      source: normalize(python(createPet).source),
    });
    // Another visit (same browser profile) opens on the same language.
    const again = await page.context().newPage();
    try {
      await again.goto(server.url);
      await again.locator(".opblock").first().waitFor();
      expect(await shows(again, createPet)).toEqual({
        label: python(createPet).label,
        source: normalize(python(createPet).source),
      });
    } finally {
      await again.close();
    }
  });

  it("says which server and key the code samples need, in a line that sets both and runs as copied", async () => {
    const op = byId("listPets");
    const section = await open(page, op);
    const env = section.locator(".petstore-sample-env");
    // The in-page mock has no address a terminal can reach: the line aims at petstore-mock, and says how to start it.
    const line = () => env.locator(".petstore-env-text").textContent().then(normalize);
    expect(await line()).toBe(`export PETSTORE_BASE_URL=${standIn} PETSTORE_API_KEY=${demoApiKey}`);
    // Two ways to start it: from npm (a 404 until @petstore/mock's first release, and the page says so), and the
    // command that works in a clone of the repository today.
    const port = new URL(standIn).port;
    const text = normalize(await env.textContent());
    expect(text).toContain(
      `start one with npx -p @petstore/mock petstore-mock --port ${port} (once @petstore/mock is on npm;`,
    );
    expect(text).toContain(`pnpm exec petstore-mock --port ${port})`);

    // Another server picked in the page (with its variable) is the one the line names; Copy copies it.
    const cli = await petstoreMock();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    const picker = page.locator(".servers select");
    const firstServer = await picker.inputValue();
    try {
      await picker.selectOption({ value: "{base_url}" });
      await page.locator(".servers input").fill(cli.url);
      await expect.poll(line).toBe(`export PETSTORE_BASE_URL=${cli.url} PETSTORE_API_KEY=${demoApiKey}`);
      await click(env.getByRole("button", { name: "Copy" }));
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await line());
      const curl = op.codeSamples.find((sample) => sample.lang === "Shell")?.source as string;
      expect(JSON.parse(await bash(`${copied}\n${curl}`))).toEqual(
        expect.arrayContaining([expect.objectContaining({ id: expect.any(Number), name: expect.any(String) })]),
      );
    } finally {
      await picker.selectOption({ value: firstServer });
    }
  });

  it("says that the Curl box and Request URL of an in-page exchange stand for a running petstore-mock", async () => {
    const cli = await petstoreMock();
    for (const [op, parameters, body] of [
      [byId("listPets"), { limit: "2" }, undefined],
      [byId("createCategory"), {}, { name: `Curl ${Date.now()}` }],
    ] as const) {
      const answer = await tryIt(page, op, { parameters, body });
      const section = await open(page, op);
      const curl = normalize(await section.locator(".curl-command .curl").textContent());
      const requestUrl = normalize(await section.locator(".request-url pre").textContent());
      const notice = normalize(await section.locator(".petstore-in-page-notice").textContent());
      const inPage = `${new URL(server.url).origin}/mock-api`;
      // Nothing shows the in-page address but the notice, which says where it is answered.
      expect([curl, requestUrl].filter((text) => text.includes("/mock-api"))).toEqual([]);
      expect(requestUrl.startsWith(`${standIn}/`)).toBe(true);
      expect(notice).toContain(`${inPage}${op.path}`);
      expect(notice).toMatch(/answered inside this page/i);
      expect(notice).toContain(`pnpm exec petstore-mock --port ${new URL(standIn).port}`);
      // The Curl box, run as shown, gets the same kind of answer from a running petstore-mock.
      const command = (await section.locator(".curl-command .curl").textContent()) as string;
      const output = await bash(`${command} -sS -o /dev/null -w '%{http_code}'`, cli.url);
      expect(Number(output), command).toBe(answer.status);
    }
  });

  it("aims try-it at the mock in the page, and keeps the document's servers selectable", async () => {
    const servers = await page.locator(".servers select option").allInnerTexts();
    expect(servers[0]).toContain(`${new URL(server.url).origin}/mock-api`);
    expect(servers.some((option) => option.includes("{base_url}"))).toBe(true);
    // The demo key is filled in: the lock of a secured operation shows as authorized.
    await click(page.getByRole("button", { name: /authorize/i }).first());
    await expect.poll(() => page.locator(".auth-container").textContent().then(normalize)).toContain("Authorized");
    await click(page.locator(".auth-btn-wrapper .btn-done"));
  });

  it("creates a category, then a pet in it, and finds the pet by name: state lasts across try-it calls", async () => {
    const name = `Tryit ${Date.now()}`;
    const category = await tryIt(page, byId("createCategory"), { body: { name: `Cat ${Date.now()}` } });
    expect(category.status).toBe(201);
    const categoryId = (category.body as { id: number }).id;
    const pet = await tryIt(page, byId("createPet"), { body: { name, categoryId } });
    expect(pet).toMatchObject({ status: 201, body: { name, categoryId, status: "available" } });
    const found = await tryIt(page, byId("listPets"), { parameters: { name } });
    expect(found).toEqual({ status: 200, body: [pet.body] });
    await (await open(page, byId("listPets"))).scrollIntoViewIfNeeded();
    await page.screenshot({ path: TRY_IT_SCREENSHOT });
    expect(statSync(TRY_IT_SCREENSHOT).size).toBeGreaterThan(10_000);

    // The visible reset control puts the demo data back: the new pet is gone.
    await click(page.getByRole("button", { name: "Reset demo data" }));
    await expect.poll(() => page.getByRole("status").textContent()).toContain("reset");
    expect(await tryIt(page, byId("listPets"), { parameters: { name } })).toEqual({ status: 200, body: [] });
  });

  it("carries Prefer through the header field: code=503 answers the documented Error", async () => {
    const answer = await tryIt(page, byId("listInventory"), { parameters: { Prefer: "code=503" } });
    expect(answer).toMatchObject({ status: 503, body: { code: "SERVICE_UNAVAILABLE", status: 503 } });
  });

  it("shows the 401 Error body of a call without a key", async () => {
    await click(page.getByRole("button", { name: /authorize/i }).first());
    await click(page.getByRole("button", { name: "Remove authorization" }));
    await click(page.locator(".auth-btn-wrapper .btn-done"));
    const answer = await tryIt(page, byId("listCategories"));
    expect(answer).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED", status: 401 } });
  });

  it("saves a screenshot of GET /store/orders, which has no try-it", async () => {
    const section = await open(page, byId("listOrders"));
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: HIDDEN_SCREENSHOT });
    expect(statSync(HIDDEN_SCREENSHOT).size).toBeGreaterThan(10_000);
  });

  it("asks nothing of any other host", () => {
    expect(external).toEqual([]);
  });
});

describe("API reference at /docs/ of petstore-mock (try-it answered by that server)", () => {
  it("changes the server's state: a plain HTTP client sees the pet created from the page", async () => {
    const cli = await petstoreMock();
    const external: string[] = [];
    const page = await offlinePage(browser, cli.url, external);
    await page.goto(`${cli.url}/docs`);
    await page.locator(".opblock").first().waitFor();
    expect(await page.locator(".servers select option").first().textContent()).toContain(cli.url);
    // No Service Worker here: the server answers.
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    const name = `From the docs ${Date.now()}`;
    const created = await tryIt(page, byId("createPet"), { body: { name, categoryId: 1 } });
    expect(created).toMatchObject({ status: 201, body: { name } });
    const response = await fetch(`${cli.url}/pets?name=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${demoApiKey}` },
    });
    expect(await response.json()).toEqual([created.body]);
    // The exchange's Curl box and Request URL are this server's own, with nothing to explain.
    const section = await open(page, byId("createPet"));
    expect(normalize(await section.locator(".request-url pre").textContent())).toBe(`${cli.url}/pets`);
    expect(normalize(await section.locator(".curl-command .curl").textContent())).toContain(`'${cli.url}/pets'`);
    expect(await section.locator(".petstore-in-page-notice").count()).toBe(0);

    // The code samples' line names this server and the demo key, and the cURL sample runs after it as shown.
    const line = normalize(await section.locator(".petstore-sample-env .petstore-env-text").textContent());
    expect(line).toBe(`export PETSTORE_BASE_URL=${cli.url} PETSTORE_API_KEY=${demoApiKey}`);
    const curl = byId("listPets").codeSamples.find((sample) => sample.lang === "Shell")?.source as string;
    expect(JSON.parse(await bash(`${line}\n${curl}`))).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: expect.any(Number), name: expect.any(String) })]),
    );
    expect(external).toEqual([]);
  });
});
