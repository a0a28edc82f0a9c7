import { launchChromium } from "@petstore/testing/chromium";
import { serveStatic } from "@petstore/testing/static-server";
import { inject, it } from "vitest";

it("screenshot", async () => {
  const browser = await launchChromium();
  const site = await serveStatic(inject("mockBuild"));
  for (const scheme of ["light", "dark"] as const) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 820 }, colorScheme: scheme });
    await page.goto(site.url);
    await page.waitForSelector("body[data-ready=true]");
    await page.getByTestId("pet").first().waitFor();
    await page.getByRole("button", { name: "Petstore mock inspector" }).click();
    const dialog = page.getByRole("dialog", { name: "Petstore mock inspector" });
    await dialog.getByLabel("Outcome of deleteCategory", { exact: true }).selectOption("409 CATEGORY_IN_USE");
    await page.getByRole("button", { name: "Delete Reptiles" }).click();
    await page.getByText(/Delete failed/).waitFor();
    await dialog.getByRole("tab", { name: "Requests", exact: true }).click();
    await dialog.locator("details").first().locator("summary").click();
    await page.screenshot({ path: `/work/main/packages/mock/assets/inspector-requests-${scheme}.png` });
    await dialog.getByRole("tab", { name: "Operations", exact: true }).click();
    await dialog.getByLabel("Outcome of placeOrder", { exact: true }).selectOption("409 INSUFFICIENT_STOCK");
    await page.screenshot({ path: `/work/main/packages/mock/assets/inspector-operations-${scheme}.png` });
    await dialog.getByRole("tab", { name: "State", exact: true }).click();
    await dialog.locator("td[data-field=name]").first().waitFor();
    await page.screenshot({ path: `/work/main/packages/mock/assets/inspector-state-${scheme}.png` });
    await page.close();
  }
  await site.close();
  await browser.close();
});
