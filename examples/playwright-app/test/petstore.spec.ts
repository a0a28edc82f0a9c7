// End to end: the browser app in Chromium against a petstore-mock of its own per test (./fixtures.ts).
import { expect, test } from "./fixtures.js";

/** The first page of available pets in the mock's demo data. */
const FIRST_PAGE = ["Rex", "Misty", "Bella", "Nemo", "Luna", "Coco"];
const OUTAGE =
  "The pet store is taking a short break (503 Service Unavailable). Nothing was changed; please try again in a moment.";

test("lists the demo data of its own mock", async ({ page, mock }) => {
  await page.goto("/");
  await expect(page.getByTestId("mode")).toHaveText(`API: ${mock.url}`);
  await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
  // 13 available pets: a test adding a pet at the same time in the other worker does not change the count.
  await expect(page.getByTestId("range")).toHaveText("1–6 of 13");
  await expect(page.getByTestId("prev")).toBeDisabled();
  await page.getByTestId("next").click();
  await expect(page.getByTestId("range")).toHaveText("7–12 of 13");
  await expect(page.getByTestId("pet").locator("h3")).not.toContainText(["Rex"]);
});

test.describe("state does not leak from one test to the next", () => {
  // These two run in this order in one worker (the others run beside them in the other worker).
  test.describe.configure({ mode: "default" });

  test("adding a pet and ordering it change this test's mock", async ({ page, mock }) => {
    await page.goto("/");
    const form = page.getByTestId("add-pet");
    await form.getByLabel("Name").fill("Biscuit");
    await form.getByLabel("Category").selectOption({ label: "Rabbits" });
    await form.getByLabel("Units in stock").fill("2");
    await form.getByRole("button", { name: "Add pet" }).click();
    // Pet #21: the demo data has 20 pets, whatever other tests create in their own mocks.
    await expect(page.getByTestId("notice")).toHaveText("Biscuit (#21) was added with 2 in stock.");
    const biscuit = page.getByTestId("pet").filter({ hasText: "Biscuit" });
    await expect(biscuit.locator(".meta")).toHaveText("#21 · Rabbits");

    await biscuit.getByRole("button", { name: "Order 1" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/^Order #\d+ placed: 1 × Biscuit\.$/);
    // The mock holds both changes: asked through the API, not the UI.
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

  // From here on, every request of this page to this test's mock asks it for a 503 (RFC 7240 `Prefer`).
  await page.route(`${mock.url}/**`, (route) =>
    route.continue({ headers: { ...route.request().headers(), prefer: "code=503" } }),
  );
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

  // The outage ends: the page recovers on the next load.
  await page.unrouteAll();
  await page.reload();
  await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
  await expect(page.getByRole("alert")).toBeHidden();
});
