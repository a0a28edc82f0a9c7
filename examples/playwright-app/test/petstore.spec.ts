// End to end: the browser app in Chromium against the run's one petstore-mock, in a session of its own per
// test (./fixtures.ts).
import { expect, test } from "./fixtures.js";

/** The first page of available pets in the mock's demo data. */
const FIRST_PAGE = ["Rex", "Misty", "Bella", "Kaiser", "Rusty", "Old Tom"];
const OUTAGE =
  "The pet store is taking a short break (503 Service Unavailable). Nothing was changed; please try again in a moment.";

test("lists the demo data of its own session", async ({ page, mock }) => {
  await page.goto("/");
  await expect(page.getByTestId("mode")).toHaveText(`API: ${mock.url}`);
  await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
  // 17 available pets: a test adding a pet at the same time in the other worker does not change the count.
  await expect(page.getByTestId("range")).toHaveText("1–6 of 17");
  await expect(page.getByTestId("prev")).toBeDisabled();
  await page.getByTestId("next").click();
  await expect(page.getByTestId("range")).toHaveText("7–12 of 17");
  await expect(page.getByTestId("pet").locator("h3")).not.toContainText(["Rex"]);
});

test.describe("state does not leak from one test to the next", () => {
  // These two run in this order in one worker (the others run beside them in the other worker).
  test.describe.configure({ mode: "default" });

  test("adding a pet and ordering it change this test's session", async ({ page, mock }) => {
    await page.goto("/");
    const form = page.getByTestId("add-pet");
    await form.getByLabel("Name").fill("Biscuit");
    await form.getByLabel("Category").selectOption({ label: "Rabbits" });
    await form.getByLabel("Units in stock").fill("2");
    await form.getByRole("button", { name: "Add pet" }).click();
    // Pet #21: the demo data has 20 pets, whatever other tests create in their own sessions.
    await expect(page.getByTestId("notice")).toHaveText("Biscuit (#21) was added with 2 in stock.");
    const biscuit = page.getByTestId("pet").filter({ hasText: "Biscuit" });
    await expect(biscuit.locator(".meta")).toHaveText("#21 · Rabbits");

    await biscuit.getByRole("button", { name: "Order 1" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/^Order #\d+ placed: 1 × Biscuit\.$/);
    // The session holds both changes: asked through the API, not the UI.
    const { data: stock } = await mock.client.GET("/store/inventory/{petId}", { params: { path: { petId: 21 } } });
    expect(stock).toEqual({ petId: 21, quantity: 1, status: "available" });
  });

  test("the next test starts from the demo data again", async ({ page, mock }) => {
    await page.goto("/");
    await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
    const search = page.locator("#filters").getByLabel("Name contains");
    await search.fill("Biscuit");
    await search.press("Enter");
    await expect(page.getByTestId("pets")).toHaveText("No pets match.");
    const { data: pets, response } = await mock.client.GET("/pets", { params: { query: { limit: 100 } } });
    expect(response.headers.get("X-Total-Count")).toBe("20");
    expect(pets?.map((pet) => pet.name)).not.toContain("Biscuit");
  });
});

test("shows the outage when the API answers 503, and the order changes nothing", async ({ page, mock }) => {
  await page.goto("/");
  const rex = page.getByTestId("pet").filter({ hasText: "Rex" });
  await expect(rex).toBeVisible();

  // From here on, every request of this page to the mock asks it for a 503 (RFC 7240 `Prefer`); the route
  // keeps the request's headers, the session's among them.
  const sessionsSent: (string | undefined)[] = [];
  await page.route(`${mock.url}/**`, (route) => {
    const headers = route.request().headers(); // lower-case names
    sessionsSent.push(headers["x-petstore-session"]);
    return route.continue({ headers: { ...headers, prefer: "code=503" } });
  });
  await rex.getByRole("button", { name: "Order 1" }).click();
  await expect(page.getByRole("alert")).toHaveText(OUTAGE);
  await expect(page.getByTestId("notice")).toHaveText("");
  // The 503 came from the mock (its request log), and the order was not placed: Rex keeps its stock.
  await expect.poll(() => mock.requests()).toContainEqual(expect.stringMatching(/^POST \/store\/orders 503 /));
  const { data: stock } = await mock.client.GET("/store/inventory/{petId}", { params: { path: { petId: 1 } } });
  expect(stock).toEqual({ petId: 1, quantity: 9, status: "available" });

  // Loaded during the outage, the page shows the message and no pets.
  await page.reload();
  await expect(page.getByRole("alert")).toHaveText(OUTAGE);
  await expect(page.getByTestId("pet")).toHaveCount(0);

  // Every request the route sent on was in this test's session.
  expect(sessionsSent.length).toBeGreaterThan(0);
  expect(sessionsSent.filter((name) => name !== mock.session.name)).toEqual([]);

  // The outage ends: the page recovers on the next load.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
  await expect(page.getByRole("alert")).toBeHidden();
});

test("two sessions on the one mock never see each other's writes", async ({ page, mock }) => {
  // A second session beside this test's, deleted with it: the page works in the test's, a client in the other.
  const other = mock.control.session(`${mock.session.name}-other`);
  const otherClient = mock.clientOf(other);

  await page.goto("/");
  const form = page.getByTestId("add-pet");
  await form.getByLabel("Name").fill("Pickle");
  await form.getByLabel("Category").selectOption({ label: "Rabbits" });
  await form.getByLabel("Units in stock").fill("1");
  await form.getByRole("button", { name: "Add pet" }).click();
  await expect(page.getByTestId("notice")).toHaveText("Pickle (#21) was added with 1 in stock.");

  // The other session has the demo data alone, and its own ids: its first new pet is #21 too.
  const { data: pets, response } = await otherClient.GET("/pets", { params: { query: { limit: 100 } } });
  expect(response.headers.get("X-Total-Count")).toBe("20");
  expect(pets?.map((pet) => pet.name)).not.toContain("Pickle");
  const { data: truffle } = await otherClient.POST("/pets", { body: { name: "Truffle", categoryId: 1 } });
  expect(truffle?.id).toBe(21);

  // Both hold pet 21, each its own; the page (this test's session) sees Pickle and no Truffle.
  const { data: mine } = await mock.client.GET("/pets", { params: { query: { id: [21] } } });
  expect(mine?.map((pet) => pet.name)).toEqual(["Pickle"]);
  const search = page.locator("#filters").getByLabel("Name contains");
  await search.fill("Truffle");
  await search.press("Enter");
  await expect(page.getByTestId("pets")).toHaveText("No pets match.");
  expect((await other.state()).pets.map((pet) => pet.name)).toContain("Truffle");
  expect((await mock.session.state()).pets.map((pet) => pet.name)).not.toContain("Truffle");
});
