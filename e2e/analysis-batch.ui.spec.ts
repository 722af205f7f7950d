// Issue 20 items 9 and §4 on the Analyze page: Run all installed, then Delete a kept result.
import { expect, test } from "./fixtures";
import type { APIRequestContext } from "@playwright/test";
import { bookToAnalyze } from "./analysis-support";
import { axe } from "./axe";

// axe runs inside the page as an injected script, which the pages' script policy would refuse.
test.use({ bypassCSP: true });

async function installFound(request: APIRequestContext, q: string): Promise<void> {
  const found = await request.get(`/api/v1/analysis/search?q=${encodeURIComponent(q)}&per_page=1`);
  const [template] = (await found.json()).data as { id: string }[];
  expect((await request.post("/api/v1/analysis/install", { data: { templateId: template!.id } })).status()).toBe(201);
}

test("Run all installed keeps one result per installed template; Delete result forgets one", async ({ page }) => {
  const bookId = await bookToAnalyze(page.request, "Every Template");
  // Not Dialogue balance: analysis.ui.spec.ts installs it with the same writer and counts the install.
  for (const q of ["三幕", "七点结构", "节奏"]) await installFound(page.request, q);
  const installed = ((await (await page.request.get("/api/v1/analysis/installed")).json()).data as unknown[]).length;

  await page.goto(`/analyze/${bookId}`);
  await page.getByRole("button", { name: "Run all installed" }).click();
  await expect(page).toHaveURL(new RegExp(`/analyze/${bookId}\\?analysis=`), { timeout: 60_000 });
  const kept = page.getByRole("complementary", { name: "Kept results" }).getByRole("link");
  await expect(kept).toHaveCount(installed);
  await expect(page.locator("[data-chart]").first()).toBeVisible();

  // Again on the unchanged book: every result is reused, nothing piles up.
  await page.goto(`/analyze/${bookId}`);
  await page.getByRole("button", { name: "Run all installed" }).click();
  await expect(page).toHaveURL(new RegExp(`/analyze/${bookId}\\?analysis=`));
  await expect(kept).toHaveCount(installed);

  const shown = page.url().split("analysis=")[1]!;
  // Its name begins with its visible words (axe: label-content-name-mismatch, issue 33 item 6).
  expect(await axe(page, "main", ["label-content-name-mismatch"])).toEqual([]);
  await page.getByRole("button", { name: /^Delete result: / }).click();
  await expect(page).toHaveURL(`/analyze/${bookId}`);
  await expect(kept).toHaveCount(installed - 1);
  expect((await page.request.get(`/api/v1/books/${bookId}/analyses/${shown}`)).status()).toBe(404);
});
