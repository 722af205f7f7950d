import { expect, test } from "./fixtures";
import { bookToAnalyze } from "./analysis-support";

test("search a template, open it, install it, run it on a book and see its chart", async ({ page }) => {
  const bookId = await bookToAnalyze(page.request);

  await page.goto("/templates");
  await page.getByRole("searchbox", { name: "Search" }).fill("dialogue balance");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=dialogue\+balance/);
  const card = page.getByRole("list", { name: "Templates" }).getByRole("listitem").first();
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/dialogue/i);
  await expect(page.getByRole("list", { name: "Sections" }).getByRole("listitem").first()).toBeVisible();

  const install = page.getByRole("button", { name: "Install" });
  const installsCount = page.locator("dt", { hasText: "Installs" }).locator("xpath=following-sibling::dd[1]");
  const installs = Number(await installsCount.textContent());
  await install.click();
  await expect(page.getByRole("button", { name: "Uninstall" })).toBeVisible();
  await expect(installsCount).toHaveText(String(installs + 1));

  await page.goto(`/books/${bookId}`);
  await page.getByRole("link", { name: "Analyze" }).click();
  await expect(page).toHaveURL(`/analyze/${bookId}`);
  await page.getByLabel("Characters to follow").fill("Mara, Tomas");
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/analyze/${bookId}\\?analysis=`));
  const chart = page.locator("[data-chart]").first();
  await expect(chart).toBeVisible();
  await expect(chart.locator("svg path").first()).toBeAttached();
  await expect(page.getByRole("complementary", { name: "Kept results" }).getByRole("link")).toHaveCount(1);
});

test("the gallery filters by category and language, and marks installed templates", async ({ page }) => {
  await page.goto("/templates?language=zh");
  const cards = page.getByRole("list", { name: "Templates" }).getByRole("listitem").filter({ has: page.getByRole("heading") });
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).toContain("Chinese");
  await page.goto("/templates?category=structure");
  await expect(cards.filter({ hasText: /save the cat/i })).toHaveCount(1);
});
