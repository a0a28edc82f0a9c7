// The API reference at /docs/ on the Worker under wrangler dev (issue 48, item 6): the built page from the Worker's
// static assets, answered as petstore-mock answers it (packages/mock/test/reference-route.process.test.ts), and
// try-it from the page, in Chromium, answered by the Worker itself.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { demoApiKey } from "@petstore/contract";
import { launchChromium } from "@petstore/testing/chromium";
import { closedPort } from "@petstore/testing/ports";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningWorker, startWorker } from "./wrangler.js";

let persistTo: string;
let worker: RunningWorker;
let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;

beforeAll(async () => {
  persistTo = mkdtempSync(join(tmpdir(), "petstore-worker-docs-"));
  // The first start's port is taken, as another process can take a port found free before wrangler binds it (a
  // CI run's parity test failed so): the start is tried again on other ports.
  const taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = taken.address() as { port: number };
    worker = await startWorker(persistTo, {}, [port, await closedPort()]);
    expect(worker.url).not.toBe(`http://127.0.0.1:${port}`);
  } finally {
    taken.close();
  }
});

afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

const get = (path: string, init?: RequestInit) => fetch(`${worker.url}${path}`, { redirect: "manual", ...init });

describe("the API reference at /docs/ of the Worker", () => {
  it("serves the page and its files without a key, with their content types", async () => {
    const page = await get("/docs/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await page.text()).toContain("swagger-ui");
    const script = await get("/docs/page.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect((await get("/docs")).headers.get("location")).toBe("/docs/");
  });

  it("aims try-it at the Worker itself, with the demo key it accepts on loopback", async () => {
    expect(await (await get("/docs/try-it.json")).json()).toEqual({
      mode: "server",
      url: worker.url,
      apiKey: demoApiKey,
    });
  });

  it("answers missing files and other methods with the Error bodies of every server", async () => {
    const missing = await get("/docs/nothing.js");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "ROUTE_NOT_FOUND" });
    const posted = await get("/docs/", { method: "POST" });
    expect(posted.status).toBe(405);
    expect(posted.headers.get("allow")).toBe("GET, HEAD");
  });

  it("creates a pet from the page's try-it, which a plain HTTP client then reads from the Worker", async () => {
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    await page.goto(`${worker.url}/docs/`);
    const section = page.locator('[id="operations-Pets-createPet"]');
    await section.locator(".opblock-summary-control").click();
    await section.locator(".opblock-body").waitFor();
    await section.getByRole("button", { name: "Try it out", exact: true }).click();
    const name = `From the Worker's docs ${Date.now()}`;
    await section.locator("textarea.body-param__text").fill(JSON.stringify({ name, categoryId: 1 }));
    await section.getByRole("button", { name: "Execute", exact: true }).click();
    const answer = section.locator(".live-responses-table .response").first();
    await answer.waitFor();
    expect((await answer.locator(".response-col_status").textContent())?.trim()).toBe("201");
    expect((await section.locator(".request-url pre").textContent())?.trim()).toBe(`${worker.url}/pets`);
    const listed = await fetch(`${worker.url}/pets?name=${encodeURIComponent(name)}`, {
      headers: { Authorization: `Bearer ${demoApiKey}` },
    });
    expect((await listed.json()).map((pet: { name: string }) => pet.name)).toEqual([name]);
  });
});
