import { expect, test } from "@playwright/test";

test("a new book appears on the list", async ({ page }) => {
  const title = `The Salt Road ${Date.now()}`;
  await page.goto("/");
  const form = page.getByRole("complementary", { name: "New book" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Genre").fill("fantasy");
  await form.getByLabel("Description").fill("A caravan, a map, a lie.");
  await form.getByRole("button", { name: "Create book" }).click();

  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell", { name: "fantasy" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "drafting" })).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue("");

  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
});

test("a book without a title is refused with the field's message", async ({ page }) => {
  await page.goto("/");
  const form = page.getByRole("complementary", { name: "New book" });
  await form.getByRole("button", { name: "Create book" }).click();
  await expect(form.getByLabel("Title")).toHaveAccessibleDescription(/a book needs a title/);
});
