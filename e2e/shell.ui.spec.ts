import { expect, test } from "./fixtures";

test("the theme toggle cycles auto, light, dark, and the choice outlives a reload", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/books");
  const html = page.locator("html");
  await expect(html).not.toHaveAttribute("data-theme");
  const toggle = page.getByRole("button", { name: /^Theme: / });
  await expect(toggle).toHaveAccessibleName("Theme: Auto. Switch to Light");
  await toggle.click();
  await expect(html).toHaveAttribute("data-theme", "light");
  await toggle.click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  const paper = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(paper).toBe("rgb(23, 21, 19)");

  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.getByRole("button", { name: /^Theme: Dark/ }).click();
  await expect(html).not.toHaveAttribute("data-theme");
});

test("the first Tab reaches Skip to content, which lands in the page", async ({ page }) => {
  await page.goto("/books");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await skip.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Books" })).toHaveAttribute("aria-current", "page");
});
