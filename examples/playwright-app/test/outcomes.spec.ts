// Outcomes over the control API (issue 48): a test makes the app show its error state by choosing, for its own
// session only, what the mock answers an operation next; the tests beside it, on the same petstore-mock, are
// served as usual. Nothing in the page changes: no route, no header, only the session's outcome on the server.
import { expect, test } from "./fixtures.js";

const FIRST_PAGE = ["Rex", "Misty", "Bella", "Kaiser", "Rusty", "Old Tom"];
const OUTAGE =
  "The pet store is taking a short break (503 Service Unavailable). Nothing was changed; please try again in a moment.";

test.describe("outcomes chosen per session over the control API", () => {
  test.describe.configure({ mode: "parallel" });

  test("the next listPets of this session answers 503: the app shows the outage, then recovers", async ({
    page,
    mock,
  }) => {
    const chosen = await mock.session.outcomes.choose("listPets", { status: 503 });
    expect(chosen.outcomes).toEqual([
      { operationId: "listPets", status: 503, code: "SERVICE_UNAVAILABLE", times: "once" },
    ]);
    // Another session of the same mock is not affected while the outcome waits.
    const other = mock.control.session(`${mock.session.name}-other`);
    const { response } = await mock.clientOf(other).GET("/pets", { params: { query: { limit: 1 } } });
    expect(response.status).toBe(200);

    await page.goto("/");
    await expect(page.getByRole("alert")).toHaveText(OUTAGE);
    await expect(page.getByTestId("pet")).toHaveCount(0);
    await expect.poll(() => mock.requests()).toContainEqual(expect.stringMatching(/^GET \/pets\S* 503 listPets /));
    // Used up: the next load is served as usual.
    expect((await mock.session.outcomes.list()).outcomes).toEqual([]);
    await page.reload();
    await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
    await expect(page.getByRole("alert")).toBeHidden();
  });

  test("every listPets of this session answers 500 until cleared", async ({ page, mock }) => {
    await mock.session.outcomes.choose("listPets", { status: 500, times: "always" });
    await page.goto("/");
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByTestId("pet")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("alert")).toBeVisible();
    await mock.session.outcomes.clear();
    await page.reload();
    await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
  });

  test("a test beside them sees the normal list", async ({ page, mock }) => {
    for (let load = 0; load < 3; load++) {
      await page.goto("/");
      await expect(page.getByTestId("pet").locator("h3")).toHaveText(FIRST_PAGE);
      await expect(page.getByRole("alert")).toBeHidden();
    }
    expect((await mock.session.outcomes.list()).outcomes).toEqual([]);
  });
});
