import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { bookToAnalyze } from "./analysis-support";

// Screenshots of the analysis pages for docs/screenshots/ (not a test; skipped unless asked for):
//   SCREENSHOTS=1 NEXT_DIST_DIR=.next-analysis E2E_PORT=3410 npx playwright test e2e/analysis-screenshots.ui.spec.ts
test.skip(!process.env.SCREENSHOTS, "screenshots only when SCREENSHOTS=1");
test.use({ viewport: { width: 1280, height: 860 } });

async function shoot(page: Page, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((chosen) => {
      document.documentElement.dataset.theme = chosen;
      document.documentElement.style.colorScheme = chosen;
    }, theme);
    // the charts redraw in the theme's colours
    await page.waitForTimeout(300);
    await page.screenshot({ path: `docs/screenshots/${name}-${theme}.png`, fullPage: true });
  }
}

async function install(page: Page, q: string): Promise<void> {
  const found = await (await page.request.get(`/api/v1/analysis/search?q=${encodeURIComponent(q)}`)).json();
  expect((await page.request.post("/api/v1/analysis/install", { data: { templateId: found.data[0].id } })).status()).toBe(201);
}

test("the gallery, a template, the editor and a result, light and dark", async ({ page }) => {
  const bookId = await bookToAnalyze(page.request, "The Salt Road");
  await install(page, "save the cat");
  await install(page, "character presence");

  await page.goto("/templates");
  await shoot(page, "templates");
  await page.getByRole("link", { name: /save the cat/i }).click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await shoot(page, "template");

  await page.goto("/templates/new");
  await page.getByLabel("Name").fill("Quiet rooms");
  await page.getByLabel("Summary").fill("Where the talk stops, chapter by chapter.");
  await page.getByLabel("Probe to add").selectOption({ index: 2 });
  await page.getByRole("button", { name: "Add section" }).click();
  await page.getByLabel("Probe to add").selectOption({ index: 0 });
  await page.getByRole("button", { name: "Add section" }).click();
  await expect(page.getByText("The template is valid.")).toBeVisible();
  await shoot(page, "template-editor");

  for (const [q, name] of [["character presence", "analysis-characters"], ["save the cat", "analysis-result"]] as const) {
    await page.goto(`/analyze/${bookId}`);
    const select = page.getByLabel("Template", { exact: true });
    await select.selectOption({ label: (await select.locator("option", { hasText: new RegExp(q, "i") }).textContent())! });
    await page.getByLabel("Characters to follow").fill("Mara, Tomas");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page).toHaveURL(/analysis=/);
    await expect(page.locator("[data-chart]").first()).toBeVisible();
    await shoot(page, name);
  }
});
