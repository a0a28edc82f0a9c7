// The app end to end, each test in a session of its own on the run's one mock (./fixtures.ts).
import { expect, test } from "./fixtures.js";

test("lists the pets with filters and paging", async ({ page, mock }) => {
  await page.goto("/");
  await expect(page.getByText("20 pets, 1–5 shown")).toBeVisible();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page.getByText("20 pets, 6–10 shown")).toBeVisible();
  await page.getByLabel("status").selectOption("sold");
  await page.getByRole("button", { name: "Filter" }).click();
  const { response } = await mock.client.GET("/pets", { params: { query: { status: ["sold"], limit: 1 } } });
  const sold = Number(response.headers.get("X-Total-Count"));
  await expect(page.getByText(`${sold} pets`)).toBeVisible();
  await expect(page.getByRole("list", { name: "pets" }).getByRole("listitem")).toHaveCount(Math.min(sold, 5));
  await expect(page.getByRole("list", { name: "pets" })).not.toContainText("(available)");
});

test("adds a pet with a server action; the cached list shows it at once", async ({ page, mock }) => {
  await page.goto("/?name=Biscuit");
  await expect(page.getByText("0 pets")).toBeVisible(); // cached now, under the tag petstore:listPets
  await page.getByLabel("new pet's name").fill("Biscuit");
  await page.getByRole("button", { name: "Add" }).click();
  await expect(page.getByRole("heading", { name: "Biscuit" })).toBeVisible();
  await expect(page).toHaveURL(/\/pets\/21$/);
  await page.goto("/?name=Biscuit");
  await expect(page.getByRole("list", { name: "pets" })).toHaveText("Biscuit (available)");
  expect((await mock.client.GET("/pets/{petId}", { params: { path: { petId: 21 } } })).data?.name).toBe("Biscuit");
});

test("fulfils and cancels orders; the pet's stock follows", async ({ page, mock }) => {
  const placed = [];
  for (let count = 0; count < 2; count++) {
    placed.push((await mock.client.POST("/store/orders", { body: { petId: 6, quantity: 1 } })).data!.id!);
  }
  const stock = async () =>
    (await mock.client.GET("/store/inventory/{petId}", { params: { path: { petId: 6 } } })).data!.quantity;
  const before = await stock();
  await page.goto("/orders");
  const [fulfilled, cancelled] = placed.map((id) => page.getByRole("listitem", { name: `order ${id}` }));
  await expect(fulfilled!).toContainText("open");
  await fulfilled!.getByRole("button", { name: "Fulfil" }).click();
  await expect(fulfilled!).toContainText("complete");
  await cancelled!.getByRole("button", { name: "Cancel" }).click();
  await expect(cancelled!).toHaveCount(0);
  expect(await stock()).toBe(before + 1); // cancelling returned the reserved unit
  await page.goto("/pets/6");
  await expect(page.getByLabel("stock")).toHaveText(String(before + 1));
});

test("revalidates exactly what placing an order affects: the mock's log shows it", async ({ page, mock }) => {
  // Every read the pages make, cached (each page once): the pets, pet 3 and pet 4 with their category and stock,
  // the orders.
  const pages = ["/", "/pets/3", "/pets/4", "/orders"];
  for (const path of pages) {
    await page.goto(path);
  }
  const stockBefore = Number(await page.goto("/pets/3").then(() => page.getByLabel("stock").textContent()));
  const from = await mock.mark();
  // The browser's live stock reads through the app's proxy: those reads are the browser's, not the server's cache.
  const proxied: string[] = [];
  page.on("request", (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith("/api/petstore/")) {
      proxied.push(`${request.method()} ${pathname.slice("/api/petstore".length)}${search} `);
    }
  });

  await page.getByRole("button", { name: "Order" }).click();
  await expect(page.getByText(/^Order \d+ placed$/)).toBeVisible();
  await expect(page.getByLabel("stock")).toHaveText(String(stockBefore - 1)); // live, in the browser
  for (const path of pages) {
    await page.goto(path);
  }

  const requests = await mock.requests(from);
  const log = `the mock's log of this test's session since the order's page was open:\n${requests.join("\n")}\nthe browser's reads through the proxy: ${proxied.join(", ") || "none"}`;
  const count = (line: string) => requests.filter((request) => request.startsWith(line)).length;
  /** The server's reads: the mock's log, less the browser's reads through the proxy. */
  const byServer = (line: string) => count(line) - proxied.filter((request) => line.startsWith(request)).length;
  expect(count("POST /store/orders 201 placeOrder"), log).toBe(1);
  // What placeOrder's x-affects names, narrowed to pet 3: fetched again by the server.
  for (const read of [
    "GET /pets?limit=5&offset=0 200 listPets",
    "GET /pets/3 200 getPet",
    "GET /store/inventory/3 200 getInventoryItem",
    "GET /store/orders?limit=100 200 listOrders",
  ]) {
    expect(byServer(read), `${read} was not fetched again after the order; ${log}`).toBeGreaterThan(0);
  }
  // The rest: served from Next.js's cache, not fetched again.
  const unaffected = requests.filter((request) => /^GET \/(categories|pets\/4 |store\/inventory\/4 )/.test(request));
  expect(unaffected, `fetched again though placeOrder does not affect them; ${log}`).toEqual([]);
  expect(
    requests.every((request) => /^(POST \/store\/orders|GET \/(pets|store))/.test(request)),
    log,
  ).toBe(true);
  // And the pages show it: the orders page (the last one visited) lists the new order.
  await expect(page.getByRole("list", { name: "orders" })).toContainText("1 × pet 3");
});

test("a client component on @petstore/query/swr in suspense mode shows its fallback, then the mock's data", async ({
  page,
  mock,
}) => {
  // A stock no other test sets, in this test's session: what the page shows can only come from the mock.
  await mock.client.PUT("/store/inventory/{petId}", { params: { path: { petId: 5 } }, body: { quantity: 437 } });
  const pet = (await mock.client.GET("/pets/{petId}", { params: { path: { petId: 5 } } })).data!;
  // The browser's read (through the app's proxy) is held until the test has seen the fallback: SWR fetches only
  // from the suspended component, so once the request is out, what shows is `<Suspense fallback>`.
  let requested!: () => void;
  const isRequested = new Promise<void>((resolve) => {
    requested = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/petstore/store/inventory/5", async (route) => {
    requested();
    await released;
    await route.continue();
  });
  const from = await mock.mark();

  await page.goto("/pets/5/swr");
  await expect(page.getByRole("heading", { name: pet.name })).toBeVisible(); // the server's part, under its tags
  await isRequested;
  const fallback = page.getByText("Loading the stock…");
  await expect(fallback).toBeVisible();
  await expect(page.getByLabel("live stock")).toHaveCount(0);
  release();
  await expect(page.getByLabel("live stock")).toHaveText("437");
  await expect(fallback).toHaveCount(0);
  expect(await mock.requests(from)).toContain("GET /store/inventory/5 200 getInventoryItem");
});
