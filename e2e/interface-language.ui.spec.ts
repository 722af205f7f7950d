import { expect, test } from "./fixtures";
import { newWriter, SIGNED_OUT, signUpViaUi } from "./support";

// Issue 32 item 1 (decision 0504) in the browser: a writer chooses 简体中文 in Settings → Account and
// the pages speak it at once, in an English browser; choosing the browser's language again brings
// English back. A writer of its own: the choice is the account's.
test.use({ storageState: SIGNED_OUT });

test("the interface language chosen in Settings → Account is the pages' from then on, whatever the browser asks", async ({ page }) => {
  await signUpViaUi(page, newWriter("language"));
  await expect(page).toHaveURL("/books");
  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Language" });
  await expect(form.getByLabel("Interface language")).toHaveValue("browser");
  await expect(form.getByRole("option", { name: "As my browser asks (English)" })).toBeAttached();

  await form.getByLabel("Interface language").selectOption("zh-CN");
  await form.getByRole("button", { name: "Save language" }).click();
  const chinese = page.getByRole("form", { name: "语言" });
  await expect(chinese.getByRole("status")).toHaveText("语言已保存。");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
  await expect(page.getByRole("navigation", { name: "主导航" }).getByRole("link", { name: "作品" })).toBeVisible();
  await page.screenshot({ path: "test-results/interface-language-zh.png", fullPage: true });
  expect((await (await page.request.get("/api/v1/users/me")).json()).data.locale).toBe("zh-CN");

  await page.goto("/books");
  await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

  await page.goto("/settings/account");
  await chinese.getByLabel("界面语言").selectOption("browser");
  await chinese.getByRole("button", { name: "保存语言" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Books" })).toBeVisible();
  expect((await (await page.request.get("/api/v1/users/me")).json()).data.locale).toBeNull();
});

test("a page that is not there says so in the browser's language", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: "zh-CN", storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const answer = await page.goto("/no/such/page");
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "找不到页面" })).toBeVisible();
  await expect(page.getByRole("link", { name: "回到我的作品" })).toHaveAttribute("href", "/books");
  await expect(page).toHaveTitle("找不到页面 · Inkstone");
  await context.close();
});
