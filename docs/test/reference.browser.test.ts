// Opens the built reference in headless Chromium and checks it against openapi/petstore.yaml: what it shows,
// and that try-it works from the page, answered by the mock in the page (static build) or by petstore-mock (/docs/).
import { statSync } from "node:fs";
import path from "node:path";
import { type DocOperation, demoApiKey, operations } from "@petstore/contract";
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

function normalize(text: string | null): string {
  return (text ?? "").replace(/\s+/g, " ").trim();
}

/** A page whose requests to anything but `origin` are refused and recorded. */
async function offlinePage(browser: Browser, origin: string, external: string[]): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.setDefaultTimeout(15_000);
  await page.route(
    (url) => url.origin !== origin,
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  return page;
}

/** Swagger UI's section of an operation, expanded through its deep link (`#/<tag>/<operationId>`). */
async function open(page: Page, op: Operation): Promise<Locator> {
  const section = page.locator(`[id="operations-${op.tag}-${op.operationId}"]`);
  if ((await section.count()) === 0 || !(await section.locator(".opblock-body").count())) {
    await page.evaluate((hash) => {
      location.hash = hash;
    }, `#/${op.tag}/${op.operationId}`);
    if ((await section.locator(".opblock-body").count()) === 0) {
      await section.locator(".opblock-summary-control").click();
    }
  }
  await section
    .locator(".opblock-body")
    .waitFor()
    .catch(() => {
      throw new Error(`${op.operationId} did not render at #/${op.tag}/${op.operationId}`);
    });
  return section;
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
    await tryOut.click();
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
    await section.getByRole("button", { name: "Clear", exact: true }).click();
  }
  await section.getByRole("button", { name: "Execute", exact: true }).click();
  await answers.first().waitFor();
  const status = Number(normalize(await answers.first().locator(".response-col_status").textContent()));
  const text = await answers.first().locator(".response-col_description pre").first().textContent();
  return { status, body: text ? JSON.parse(text) : undefined };
}

describe("API reference, static build (try-it answered by the mock in the page)", () => {
  let browser: Browser;
  let page: Page;
  let server: Awaited<ReturnType<typeof startStaticServer>>;
  const external: string[] = [];

  beforeAll(async () => {
    await buildDocs({ quiet: true });
    server = await startStaticServer({ port: 0 });
    browser = await launchChromium();
    page = await offlinePage(browser, new URL(server.url).origin, external);
    await page.goto(server.url);
    await page.locator(".opblock").first().waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("lists every operation of the document", async () => {
    expect(operations.length).toBeGreaterThan(0);
    const rendered = await page.locator(".opblock").evaluateAll((blocks) => blocks.map((block) => block.id));
    expect(rendered.sort()).toEqual(operations.map((op) => `operations-${op.tag}-${op.operationId}`).sort());
  });

  describe.each(operations)("$operationId ($method $path)", (op) => {
    it("renders with its summary, method and path", async () => {
      const section = await open(page, op);
      const summary = section.locator(".opblock-summary");
      expect(normalize(await summary.locator(".opblock-summary-method").textContent())).toBe(op.method);
      expect(await summary.locator("[data-path]").getAttribute("data-path")).toBe(op.path);
      expect(normalize(await summary.locator(".opblock-summary-description").textContent())).toBe(op.summary);
    });

    it("shows each of its code samples, in every language, with the document's source", async () => {
      expect(op.codeSamples.map((s) => s.lang).sort()).toEqual(["JavaScript", "Python", "Shell"]);
      const samples = (await open(page, op)).locator(".petstore-code-samples");
      const picker = samples.getByRole("combobox", { name: "Code sample language" });
      expect((await picker.locator("option").allInnerTexts()).map(normalize)).toEqual(
        op.codeSamples.map((s) => s.label),
      );
      for (const sample of op.codeSamples) {
        await picker.selectOption({ label: sample.label });
        await expect
          .poll(async () => normalize(await samples.locator("pre code").textContent()))
          .toBe(normalize(sample.source));
      }
    });

    it(
      op.hideTryItPanel
        ? "offers no try-it control (x-hideTryItPanel)"
        : "offers a try-it control that opens the request form",
      async () => {
        const section = await open(page, op);
        const tryOut = section.getByRole("button", { name: "Try it out", exact: true });
        if (op.hideTryItPanel) {
          // The operation really rendered (its code samples are there), and nothing in it can send it.
          expect(await section.locator(".petstore-code-samples pre").count()).toBe(1);
          expect(await tryOut.count()).toBe(0);
          expect(await section.getByRole("button", { name: "Execute", exact: true }).count()).toBe(0);
          return;
        }
        await tryOut.click();
        await expect.poll(() => section.getByRole("button", { name: "Execute", exact: true }).count()).toBe(1);
        await section.getByRole("button", { name: "Cancel", exact: true }).click();
      },
    );
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

  it("aims try-it at the mock in the page, and keeps the document's servers selectable", async () => {
    const servers = await page.locator(".servers select option").allInnerTexts();
    expect(servers[0]).toContain(`${new URL(server.url).origin}/mock-api`);
    expect(servers.some((option) => option.includes("{base_url}"))).toBe(true);
    // The demo key is filled in: the lock of a secured operation shows as authorized.
    await page
      .getByRole("button", { name: /authorize/i })
      .first()
      .click();
    await expect.poll(() => page.locator(".auth-container").textContent().then(normalize)).toContain("Authorized");
    await page.locator(".auth-btn-wrapper .btn-done").click();
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
    await page.getByRole("button", { name: "Reset demo data" }).click();
    await expect.poll(() => page.getByRole("status").textContent()).toContain("reset");
    expect(await tryIt(page, byId("listPets"), { parameters: { name } })).toEqual({ status: 200, body: [] });
  });

  it("carries Prefer through the header field: code=503 answers the documented Error", async () => {
    const answer = await tryIt(page, byId("listInventory"), { parameters: { Prefer: "code=503" } });
    expect(answer).toMatchObject({ status: 503, body: { code: "SERVICE_UNAVAILABLE", status: 503 } });
  });

  it("shows the 401 Error body of a call without a key", async () => {
    await page
      .getByRole("button", { name: /authorize/i })
      .first()
      .click();
    await page.getByRole("button", { name: "Remove authorization" }).click();
    await page.locator(".auth-btn-wrapper .btn-done").click();
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
  let browser: Browser;

  afterAll(async () => {
    await browser?.close();
    killStarted();
  });

  it("changes the server's state: a plain HTTP client sees the pet created from the page", async () => {
    const cli = await startCli(["--port", "0"]);
    browser = await launchChromium();
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
    expect(external).toEqual([]);
  });
});
