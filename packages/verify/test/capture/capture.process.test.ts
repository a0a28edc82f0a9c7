import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPetstoreFetch, createPetstoreStore, DEMO_API_KEY, seed } from "@petstore/mock";
import { startPetstoreServer } from "@petstore/mock/node";
import { killStarted, startCli } from "@petstore/testing/cli";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CapturedStateFile } from "../../src/capture/snapshot.js";
import { type Api, apiAt } from "../support/api.js";
import { describeRun, runVerify } from "../support/run-verify.js";

// The item 6, done when: a capture of a running petstore-mock seeded with 1,000 pets and 300 orders
// loads into another mock and serves the same answers to every read, and the captured mock then enforces the
// stock and status rules on new writes. The capture is the built CLI's (`petstore-verify capture`); mock B is
// `petstore-mock --state FILE` (from source); the same file also loads through PUT …/state and initialState.
const folder = mkdtempSync(join(tmpdir(), "petstore-capture-"));
const file = join(folder, "captured.json");
let serverA: Awaited<ReturnType<typeof startPetstoreServer>>;
let apiA: Api;
let urlB: string;
let apiB: Api;
let ids: { pets: number[]; categories: number[]; orders: number[] };

/** Runs `task` over `items`, `width` at a time. */
async function eachLimited<T>(items: readonly T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        await task(items[next++]!);
      }
    }),
  );
}

beforeAll(async () => {
  const store = createPetstoreStore();
  await seed(store, { pets: 1000 });
  // The demo data has orders of its own: without them, the 300 orders are all placed through the API below.
  await store.restore({ ...store.snapshot(), orders: { records: [], nextKey: 1 } });
  serverA = await startPetstoreServer({ store, port: 0 });
  apiA = apiAt(serverA.url);
  // 330 orders of one unit through the API, 30 of them cancelled and 60 fulfilled: 300 orders, open and complete.
  const inventory = store
    .snapshot()
    .inventory.records.filter((item) => item.status === "available" && item.quantity > 0);
  const targets = Array.from({ length: 330 }, (_, index) => inventory[index % inventory.length]!.petId);
  const placed: number[] = [];
  await eachLimited(targets, 8, async (petId) => {
    const answer = await apiA("POST", "/store/orders", { petId, quantity: 1, shipDate: "2026-12-01T10:00:00.000Z" });
    if (answer.status === 201) {
      placed.push(answer.body.id as number);
    }
  });
  placed.sort((a, b) => a - b);
  expect(placed.length).toBeGreaterThanOrEqual(300);
  const cancelled = placed.slice(0, placed.length - 300);
  await eachLimited(cancelled, 8, async (id) => {
    expect((await apiA("DELETE", `/store/orders/${id}`)).status).toBe(204);
  });
  await eachLimited(placed.slice(-60), 8, async (id) => {
    expect((await apiA("PATCH", `/store/orders/${id}`, { complete: true })).status).toBe(200);
  });
  ids = {
    pets: store.snapshot().pets.records.map((pet) => pet.id),
    categories: store.snapshot().categories.records.map((category) => category.id),
    orders: store.snapshot().orders.records.map((order) => order.id),
  };
  expect(ids.pets.length).toBe(1000);
  expect(ids.orders.length).toBe(300);

  const run = await runVerify([
    "capture",
    "--base-url",
    serverA.url,
    "--api-key",
    DEMO_API_KEY,
    "--out",
    file,
    "--rate",
    "500",
  ]);
  expect(run.code, describeRun(run)).toBe(0);
  expect(run.stderr).toContain("pets: 1000 of 1000 read");
  expect(run.stdout).toContain("captured    categories");
  expect(run.stdout).toContain("pets 1000, orders 300, inventory 1000");
  expect(run.stdout).toContain(`written     ${file}`);
  // Mock B saves its writes to the file it was started with: it gets a copy, so `file` stays what capture wrote.
  const fileB = join(folder, "mock-b.json");
  copyFileSync(file, fileB);
  const mockB = await startCli(["--state", fileB, "--port", "0"], { from: "source" });
  urlB = mockB.url;
  apiB = apiAt(urlB);
}, 180_000);

afterAll(async () => {
  killStarted();
  await serverA?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** One read's answer as a client sees it; links are made relative, since A and B have their own origins. */
interface Answer {
  status: number;
  body: unknown;
  headers: [string, string | null][];
}

async function answerOf(api: Api, origin: string, path: string): Promise<Answer> {
  const answer = await api("GET", path);
  const header = (name: string) => answer.headers.get(name)?.replaceAll(origin, "") ?? null;
  return {
    status: answer.status,
    body: answer.list.length > 0 || Object.keys(answer.body).length === 0 ? answer.list : answer.body,
    headers: ["x-total-count", "link", "deprecation", "sunset", "content-type"].map(
      (name) => [name, header(name)] as [string, string | null],
    ),
  };
}

/** Compares every page of a list, following A's Link next; returns how many pages were compared. */
async function comparePages(path: string): Promise<number> {
  let pages = 0;
  for (let next: string | undefined = path; next; pages++) {
    const [a, b] = await Promise.all([answerOf(apiA, serverA.url, next), answerOf(apiB, urlB, next)]);
    expect(b, `GET ${next}`).toEqual(a);
    const link: string = a.headers.find(([name]) => name === "link")?.[1] ?? "";
    next = /<([^>]+)>;\s*rel="next"/.exec(link)?.[1];
  }
  return pages;
}

async function compareEach(paths: readonly string[]): Promise<void> {
  await eachLimited(paths, 8, async (path) => {
    const [a, b] = await Promise.all([answerOf(apiA, serverA.url, path), answerOf(apiB, urlB, path)]);
    expect(b, `GET ${path}`).toEqual(a);
  });
}

describe("petstore-verify capture of a mock with 1,000 pets and 300 orders", () => {
  it("loads into petstore-mock --state, which answers every list, on every page, as the original does", async () => {
    const categoryId = ids.categories[0]!;
    const petId = (await apiA("GET", "/store/orders?limit=1")).list[0]!.petId as number;
    const lists = [
      "/pets",
      "/pets?limit=100",
      "/pets?limit=7&offset=3",
      "/pets?status=available&limit=50",
      "/pets?status=pending&status=sold&limit=30",
      `/pets?categoryId=${categoryId}&limit=40`,
      "/pets?name=a&limit=25",
      `/pets?name=a&status=available&categoryId=${categoryId}`,
      "/pets?offset=990",
      "/categories",
      "/categories?limit=1",
      "/store/orders",
      "/store/orders?limit=100",
      "/store/orders?limit=13&offset=5",
      "/store/orders?complete=true",
      "/store/orders?complete=false&limit=100",
      `/store/orders?petId=${petId}`,
      `/store/orders?petId=${petId}&complete=false`,
      "/store/inventory",
      "/store/inventory?limit=100",
      "/store/inventory?limit=9&offset=11",
    ];
    let pages = 0;
    for (const list of lists) {
      pages += await comparePages(list);
    }
    expect(pages).toBeGreaterThan(300);
  });

  it("answers every record by id as the original does, and the same 404 for ids that are not there", async () => {
    const missing = Math.max(...ids.pets, ...ids.orders, ...ids.categories) + 1;
    await compareEach([
      ...ids.pets.map((id) => `/pets/${id}`),
      ...ids.pets.map((id) => `/store/inventory/${id}`),
      ...ids.categories.map((id) => `/categories/${id}`),
      ...ids.orders.map((id) => `/store/orders/${id}`),
      `/pets/${missing}`,
      `/categories/${missing}`,
      `/store/orders/${missing}`,
      `/store/inventory/${missing}`,
    ]);
  });

  it("enforces the stock and status rules on new writes, and new ids do not collide", async () => {
    const item = (await apiB("GET", "/store/inventory?limit=100")).list.find(
      (entry) => entry.status === "available" && (entry.quantity as number) >= 2,
    )!;
    const petId = item.petId as number;
    const stock = item.quantity as number;
    const over = await apiB("POST", "/store/orders", { petId, quantity: stock + 1 });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe("INSUFFICIENT_STOCK");

    const order = await apiB("POST", "/store/orders", { petId, quantity: stock });
    expect(order.status).toBe(201);
    expect(order.body.id as number).toBeGreaterThan(Math.max(...ids.orders));
    expect((await apiB("GET", `/store/inventory/${petId}`)).body).toMatchObject({ quantity: 0, status: "pending" });
    expect((await apiB("GET", `/pets/${petId}`)).body.status).toBe("pending");
    const again = await apiB("POST", "/store/orders", { petId, quantity: 1 });
    expect(again.status).toBe(409);

    expect((await apiB("DELETE", `/store/orders/${order.body.id}`)).status).toBe(204);
    expect((await apiB("GET", `/store/inventory/${petId}`)).body).toMatchObject({
      quantity: stock,
      status: "available",
    });

    const pet = (await apiB("GET", `/pets/${petId}`)).body;
    const inUse = await apiB("DELETE", `/categories/${pet.categoryId}`);
    expect(inUse.status).toBe(409);

    const created = await apiB("POST", "/pets", { name: "New", categoryId: pet.categoryId });
    expect(created.status).toBe(201);
    expect(created.body.id).toBe(Math.max(...ids.pets) + 1);
  });

  it("with --format snapshot, writes the body PUT …/state takes as it is; the state file loads through initialState", async () => {
    const captured = JSON.parse(readFileSync(file, "utf8")) as CapturedStateFile;
    const snapshotFile = join(folder, "captured-snapshot.json");
    const run = await runVerify([
      ...["capture", "--base-url", serverA.url, "--api-key", DEMO_API_KEY],
      ...["--out", snapshotFile, "--format", "snapshot", "--rate", "1000000"],
    ]);
    expect(run.code, describeRun(run)).toBe(0);
    expect(JSON.parse(readFileSync(snapshotFile, "utf8"))).toEqual(captured.sessions.default);
    const serverC = await startPetstoreServer({ port: 0 });
    try {
      const put = await fetch(`${serverC.url}/__petstore/sessions/default/state`, {
        method: "PUT",
        headers: { Authorization: `Bearer ${DEMO_API_KEY}`, "Content-Type": "application/json" },
        body: readFileSync(snapshotFile),
      });
      expect(put.status).toBe(200);
      const apiC = apiAt(serverC.url);
      for (const path of ["/pets?limit=100&offset=500", "/store/orders?limit=100", `/store/inventory/${ids.pets[7]}`]) {
        const [a, c] = await Promise.all([answerOf(apiA, serverA.url, path), answerOf(apiC, serverC.url, path)]);
        expect(c, `GET ${path}`).toEqual(a);
      }
    } finally {
      await serverC.close();
    }
    // The same snapshot file serves as it is from petstore-mock --state, and loads as initialState.
    const mockD = await startCli(["--state", snapshotFile, "--port", "0"], { from: "source" });
    const apiD = apiAt(mockD.url);
    for (const path of ["/pets?limit=100&offset=300", `/store/inventory/${ids.pets[9]}`]) {
      const [a, d] = await Promise.all([answerOf(apiA, serverA.url, path), answerOf(apiD, mockD.url, path)]);
      expect(d, `GET ${path}`).toEqual(a);
    }
    const fromSnapshot = createPetstoreFetch({ initialState: JSON.parse(readFileSync(snapshotFile, "utf8")) });
    await fromSnapshot.ready;
    expect(fromSnapshot.store.snapshot().pets.records.length).toBe(1000);

    const inProcess = createPetstoreFetch({ initialState: captured });
    await inProcess.ready;
    for (const path of ["/pets?limit=100&offset=900", "/categories", `/store/orders/${ids.orders[42]}`]) {
      const fromA = await apiA("GET", path);
      const response = await inProcess(`http://127.0.0.1:4010${path}`, {
        headers: { Authorization: `Bearer ${DEMO_API_KEY}` },
      });
      expect(response.status).toBe(fromA.status);
      expect(await response.json()).toEqual(fromA.list.length ? fromA.list : fromA.body);
    }
  });

  it("as a process: --help exits 0, and a refused key is one line, exit 2, with no file written", async () => {
    const help = await runVerify(["capture", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("Usage: petstore-verify capture --base-url URL --api-key KEY --out FILE");
    const out = join(folder, "refused.json");
    const refused = await runVerify(["capture", "--base-url", serverA.url, "--api-key", "wrong", "--out", out]);
    expect(refused.code, describeRun(refused)).toBe(2);
    expect(refused.stderr).toBe(
      `petstore-verify capture: the backend refused the key on every request (GET ${serverA.url}/pets?limit=1 answered 401): check the API key\n`,
    );
    expect(existsSync(out)).toBe(false);
  });
});
