// verify() against backends that break one rule each: a finding with the rule's check and the
// shrunk steps, the last of which shows the bad response; and the runs that cannot start.
import { demoApiKey } from "@petstore/contract";
import { createPetstoreFetch } from "@petstore/mock";
import { closedPort } from "@petstore/testing/ports";
import { describe, expect, it } from "vitest";
import { CannotRun, verify } from "../src/index.js";

const baseUrl = "http://127.0.0.1:4010";
const fast = { baseUrl, apiKey: demoApiKey, rate: 100_000, seed: 7 };

/** The mock's in-memory fetch, with `change` applied to each request and its response. */
async function brokenMock(
  change: (request: Request, answer: (request: Request) => Promise<Response>) => Promise<Response>,
) {
  const petstoreFetch = createPetstoreFetch({ baseUrl });
  await petstoreFetch.ready;
  return ((input: RequestInfo | URL, init?: RequestInit) =>
    change(new Request(input, init), (request) => petstoreFetch(request))) as typeof fetch;
}

describe("verify() finds a broken rule and shows the steps that break it", () => {
  it("a list that ignores the status filter: model.list-filter", async () => {
    // It answers as if no status were asked for, and names the asked-for status in its links.
    const fetch = await brokenMock(async (request, answer) => {
      const url = new URL(request.url);
      const statuses = url.searchParams.getAll("status");
      url.searchParams.delete("status");
      const response = await answer(new Request(url, request));
      const link = response.headers.get("link");
      if (!statuses.length || !link) {
        return response;
      }
      const headers = new Headers(response.headers);
      headers.set(
        "link",
        link.replace(/<([^>]+)>/g, (_whole, target: string) => {
          const next = new URL(target);
          for (const status of statuses) {
            next.searchParams.append("status", status);
          }
          return `<${next}>`;
        }),
      );
      return new Response(response.body, { status: response.status, headers });
    });
    const report = await verify({ ...fast, fetch, readOnly: true });

    // One finding per list with a status filter, each shown once however often the run met it.
    expect(report.findings.map((finding) => `${finding.check} in ${finding.where}`)).toEqual([
      "model.list-filter in listPets",
      "model.list-filter in listInventory",
    ]);
    for (const finding of report.findings) {
      const last = finding.steps.at(-1)!;
      expect(last.method).toBe("GET");
      expect(last.url).toMatch(/[?&]status=/);
      expect(last.response.status).toBe(200);
      expect(finding.expected).not.toBe(finding.received);
    }
  }, 60_000);

  it("a list without X-Total-Count: document.header", async () => {
    const fetch = await brokenMock(async (request, answer) => {
      const response = await answer(request);
      const headers = new Headers(response.headers);
      headers.delete("x-total-count");
      return new Response(response.body, { status: response.status, headers });
    });
    const report = await verify({ ...fast, fetch });

    // Every list breaks the rule, and it is one defect: one finding, seen in every list operation.
    expect(report.findings.map((finding) => `${finding.check} in ${finding.where}`)).toEqual([
      "document.header in listPets",
    ]);
    expect(report.findings[0]!.seenAs).toEqual(
      expect.arrayContaining([
        "document.header in listCategories",
        "document.header in listInventory",
        "document.header in listOrders",
      ]),
    );
    for (const finding of report.findings) {
      expect(finding.steps.at(-1)!.response.headers["x-total-count"]).toBeUndefined();
      expect(finding.message).toMatch(/X-Total-Count/i);
      expect(finding.received).toBe("no X-Total-Count header");
    }
  }, 60_000);

  it("a cancel that does not return the order's stock: model.stock", async () => {
    const petstoreFetch = createPetstoreFetch({ baseUrl });
    await petstoreFetch.ready;
    const { store } = petstoreFetch;
    const keepsStock = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const [, orderId] = /^\/store\/orders\/(\d+)$/.exec(new URL(request.url).pathname) ?? [];
      const order = request.method === "DELETE" && orderId ? store.orders.get(Number(orderId)) : undefined;
      const response = await petstoreFetch(request);
      const item = order && response.status === 204 ? store.inventory.get(order.petId) : undefined;
      if (order && item) {
        store.inventory.update(item, { quantity: Math.max(0, item.quantity - order.quantity) });
      }
      return response;
    }) as typeof fetch;
    // The tour cancels an order and reads the stock back on every run, whatever the seed.
    const report = await verify({ ...fast, steps: 20, seed: 3, fetch: keepsStock });

    const stock = report.findings.find((finding) => finding.check === "model.stock");
    expect(stock, report.findings.map((finding) => finding.check).join(", ")).toBeDefined();
    expect(stock!.where).toBe("getInventoryItem");
    expect(stock!.foundBy).toBe("tour");
    const steps = stock!.steps;
    expect(steps.some((step) => step.method === "DELETE" && step.url.includes("/store/orders/"))).toBe(true);
    expect(steps.at(-1)!.url).toMatch(/\/store\/inventory/);
    // The reproduction is the calls of the tour, without the reads of the whole state around them.
    expect(steps.filter((step) => step.method === "GET").length).toBeLessThanOrEqual(3);
  }, 60_000);

  it("a backend that answers reads without a key: model.auth", async () => {
    const petstoreFetch = createPetstoreFetch({ baseUrl });
    await petstoreFetch.ready;
    const open = ((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const headers = new Headers(request.headers);
      headers.set("authorization", `Bearer ${demoApiKey}`);
      return petstoreFetch(new Request(request, { headers }));
    }) as typeof fetch;
    const report = await verify({ ...fast, readOnly: true, fetch: open });

    expect(report.findings.map((finding) => finding.check)).toEqual(["model.auth"]);
    const last = report.findings[0]!.steps.at(-1)!;
    expect(last.headers.authorization ?? last.headers.Authorization ?? "").not.toBe(`Bearer ${demoApiKey}`);
    expect(last.response.status).toBe(200);
  }, 60_000);
});

describe("verify() cannot run: one line that says what to fix", () => {
  it("a backend that refuses the key", async () => {
    const fetch = (async () =>
      new Response(JSON.stringify({ code: "UNAUTHORIZED", message: "no", status: 401 }), {
        status: 401,
        headers: { "content-type": "application/json", "www-authenticate": "Bearer" },
      })) as typeof globalThis.fetch;
    await expect(verify({ ...fast, fetch })).rejects.toThrow(
      expect.objectContaining({
        name: "CannotRun",
        message: expect.stringMatching(/refused the key on every request/),
      }),
    );
  });

  it("a base URL nothing listens on, named with the cause", async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const run = verify({ ...fast, baseUrl: url, fetch: globalThis.fetch });
    await expect(run).rejects.toBeInstanceOf(CannotRun);
    await expect(run).rejects.toThrow(`cannot reach ${url}: `);
  });

  it.each([
    [{ baseUrl: "ftp://example.com" }, /baseUrl must be an http\(s\) URL/],
    [{ steps: 0 }, /steps must be a positive integer, got 0/],
    [{ rate: -1 }, /rate must be a positive number, got -1/],
    [{ timeLimitMs: Number.NaN }, /timeLimitMs must be a positive number/],
    [{ apiKey: "" }, /apiKey is empty/],
  ])("a bad option: %o", async (bad, message) => {
    await expect(verify({ ...fast, ...bad })).rejects.toThrow(message);
  });
});
