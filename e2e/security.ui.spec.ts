import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { SIGNED_OUT } from "./support";

// Pages run under a Content-Security-Policy with per-request script nonces (issue 5, item 12):
// they must still work, with not one violation reported.
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));
  return violations;
}

test("the signed-in pages work under the policy: books, a new book, tokens", async ({ page }) => {
  const violations = watchViolations(page);
  await page.goto("/books");
  await page.getByRole("button", { name: "New book" }).click();
  const title = `Under CSP ${Date.now()}`;
  const dialog = page.getByRole("dialog", { name: "New book" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Create book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await page.goto("/settings/tokens");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});

test.describe("signed out", () => {
  test.use({ storageState: SIGNED_OUT });

  test("sign-in and sign-up work under the policy", async ({ page }) => {
    const violations = watchViolations(page);
    await page.goto("/sign-in");
    await page.getByLabel("E-mail").fill("nobody@example.com");
    await page.getByLabel("Password").fill("wrong password here");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("form").getByRole("alert")).toBeVisible();
    await page.goto("/sign-up");
    await expect(page.getByRole("button", { name: /sign up|create account/i })).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test("no page can be framed by another site", async ({ page }) => {
  const response = await page.goto("/settings/tokens");
  expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(response?.headers()["x-frame-options"]).toBe("DENY");
});
