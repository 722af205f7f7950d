import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { expect, test } from "./fixtures";
import { newBook } from "./editor-support";

// Issue 34 item 6: Settings → Account → Download your data — one button, its progress, then the zip.

test("Settings → Account prepares the archive of everything the writer owns and downloads it as a zip", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Harbour", content: "It began at the harbour." }]);
  await page.goto("/books");
  await page.locator("header.site-header").getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/account$/);
  await expect(page.getByRole("heading", { name: "Account", level: 1 })).toBeVisible();
  const section = page.getByRole("region", { name: "Download your data" });

  await section.getByRole("button", { name: "Prepare my archive" }).click();
  const link = section.getByRole("link", { name: /^Download inkstone-.+\.zip$/ });
  await expect(link).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("account-archive.png"), fullPage: true });
  const download = page.waitForEvent("download");
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^inkstone-.+-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["README.txt", "account.json"]));
  const account = JSON.parse(new TextDecoder().decode(files["account.json"]));
  const folder = account.books.find((book: { id: string }) => book.id === chapter!.bookId).folder;
  expect(new TextDecoder().decode(files[`${folder}/chapters/01-Harbour.md`])).toBe("It began at the harbour.");
  await expect(section.getByRole("button", { name: "Prepare a new archive" })).toBeEnabled();
});
