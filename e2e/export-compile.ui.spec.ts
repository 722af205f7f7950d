import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";

// Issue 19 item 14: the export dialog's compile options — front matter (kept with the book, issue
// 33 item 3), the scene break, a chapter subset, the manuscript's paper.

const MANUSCRIPT = "# The Letter\n\nShe read it twice.\n\n* * *\n\nThen she slept.\n\n# The Fire\n\nThen she burned it.\n\n# The Rain\n\nIt rained all night.\n";

async function importBook(page: Page, title: string) {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  await dialog.getByLabel("Manuscript").setInputFiles({ name: "tide.md", mimeType: "text/markdown", buffer: Buffer.from(MANUSCRIPT) });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);
}

async function download(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  const file = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const done = await file;
  return new Uint8Array(await readFile((await done.path())!));
}

test("the export dialog prints front matter, the scene break chosen and only the chapters ticked", async ({ page }) => {
  await importBook(page, `Compile Me ${Date.now()}`);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("txt");
  await dialog.getByText("Front matter").click();
  await dialog.getByLabel("Copyright page").fill("Copyright © 2026 Ann Writer\nAll rights reserved.");
  await dialog.getByLabel("Dedication").fill("For Maud");
  await dialog.getByLabel("Scene breaks").selectOption("asterism");
  await dialog.getByLabel(/^The whole book \(3 chapters\)/).uncheck();
  const chapters = dialog.getByRole("group", { name: "Parts, chapters and scenes to export" });
  await expect(chapters.getByRole("checkbox")).toHaveCount(3);
  await chapters.getByLabel("The Fire").uncheck();
  await page.screenshot({ path: "test-results/export-compile-dialog.png", fullPage: true });
  const text = strFromU8(await download(page));
  expect(text).toMatch(/Copyright © 2026 Ann Writer\nAll rights reserved\.\n\nFor Maud\n\nThe Letter/);
  expect(text).toContain("She read it twice.\n\n⁂\n\nThen she slept.");
  expect(text).toContain("It rained all night.");
  expect(text).not.toContain("The Fire");

  // The front matter is kept with the book: the next export starts from it, and Book details shows it.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  await expect(dialog.getByLabel("Dedication")).toHaveValue("For Maud");
  // Ticking no chapter is refused in words, nothing downloaded.
  await dialog.getByLabel(/^The whole book \(3 chapters\)/).uncheck();
  for (const box of await dialog.getByRole("group", { name: "Parts, chapters and scenes to export" }).getByRole("checkbox").all()) await box.uncheck();
  await dialog.getByRole("button", { name: "Export" }).click();
  await expect(dialog.getByText("Choose at least one part, chapter or scene, or export the whole book.")).toBeVisible();
});

test("a manuscript is set on A4 and in Times when chosen, with no front matter to fill in", async ({ page }) => {
  await importBook(page, `Manuscript ${Date.now()}`);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("docx");
  await expect(dialog.getByLabel("Paper")).toHaveCount(0);
  await dialog.getByLabel(/Standard Manuscript Format/).check();
  await expect(dialog.getByText("Front matter")).toHaveCount(0);
  await dialog.getByLabel("Paper").selectOption("a4");
  await dialog.getByLabel("Typeface").selectOption("times");
  await page.screenshot({ path: "test-results/export-compile-manuscript.png", fullPage: true });
  const docx = unzipSync(await download(page));
  const document = strFromU8(docx["word/document.xml"]!);
  expect(document).toMatch(/<w:pgSz w:w="11906" w:h="16838"/);
  expect(strFromU8(docx["word/styles.xml"]!)).toContain('w:ascii="Times New Roman"');
  expect(document).toContain("END");
});

test("Book details name the author and the back matter; exports print them, and another browser's export starts from the book's front matter (issue 33 item 3)", async ({ page, browser }) => {
  const title = `Quill ${Date.now()}`;
  await importBook(page, title);
  await page.getByRole("button", { name: "Edit details" }).click();
  const details = page.getByRole("dialog", { name: "Book details" });
  await details.getByLabel("Author", { exact: true }).fill("M. E. Quill");
  await details.getByText("Front and back matter").click();
  await details.getByLabel("Dedication").fill("For Maud");
  await details.getByRole("textbox", { name: "Acknowledgements" }).fill("Thanks to the harbour.");
  await details.screenshot({ path: test.info().outputPath("book-details-publishing.png") });
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details).toHaveCount(0);
  await expect(page.getByText("by M. E. Quill", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("txt");
  // Open from the start: the book has front matter.
  await expect(dialog.getByLabel("Dedication")).toHaveValue("For Maud");
  await dialog.getByLabel("Copyright page").fill("Copyright © 2026 M. E. Quill");
  const text = strFromU8(await download(page));
  // The title page: the title, then the author (the book's, not the account's).
  expect(text).toContain(`${title}\n\nM. E. Quill\n`);
  expect(text).toMatch(/Copyright © 2026 M\. E\. Quill\n\nFor Maud\n\nThe Letter/);
  expect(text).toMatch(/It rained all night\.[\s\S]*Acknowledgements\n\nThanks to the harbour\./);

  // A second browser of the writer's (no local storage in common) starts from what the book keeps.
  const other = await browser.newContext({ storageState: await page.context().storageState() });
  const second = await other.newPage();
  await second.goto(page.url());
  await second.evaluate(() => localStorage.clear());
  await second.getByRole("button", { name: "Export", exact: true }).click();
  const secondDialog = second.getByRole("dialog", { name: "Export the book" });
  await expect(secondDialog.getByLabel("Copyright page")).toHaveValue("Copyright © 2026 M. E. Quill");
  await other.close();
});
