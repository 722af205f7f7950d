import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { newWriter, SIGNED_OUT, signInViaUi, signUpViaApi } from "./support";

const MANUSCRIPT = "# The Letter\n\nShe read it *twice*.\n\n# The Fire\n\nThen she burned it.\n\n# 第三章 雨\n\n雨下了一夜。\n";

async function importFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }, title?: string) {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  await dialog.getByLabel("Manuscript").setInputFiles(file);
  if (title) await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);
}

const chapterLinks = (page: Page) => page.getByRole("list", { name: "Chapters" }).getByRole("link");

test("importing Markdown on the book list makes a book with a chapter per heading", async ({ page }) => {
  const title = `Imported ${Date.now()}`;
  await importFile(page, { name: "letter.md", mimeType: "text/markdown", buffer: Buffer.from(MANUSCRIPT) }, title);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("3 chapters", { exact: true })).toBeVisible();
  await expect(chapterLinks(page)).toHaveText(["The Letter", "The Fire", "第三章 雨"]);
});

test("importing a DOCX keeps its chapters, and a mislabelled file is refused in words", async ({ page }) => {
  const converted = await page.request.post("/api/v1/convert", {
    multipart: { to: "docx", file: { name: "draft.md", mimeType: "text/markdown", buffer: Buffer.from(MANUSCRIPT) } },
  });
  expect(converted.status()).toBe(200);
  const docx = Buffer.from(await converted.body());
  await importFile(page, { name: "Draft from Word.docx", mimeType: "application/octet-stream", buffer: docx });
  await expect(page.getByRole("heading", { level: 1, name: "Draft from Word" })).toBeVisible();
  await expect(chapterLinks(page)).toHaveText(["The Letter", "The Fire", "第三章 雨"]);

  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  await dialog.getByLabel("Manuscript").setInputFiles({ name: "fake.docx", mimeType: "application/octet-stream", buffer: Buffer.from("plain words") });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(dialog.getByRole("alert")).toContainText("not what its name says");
});

test("a manuscript over the import limit is refused with the limit in words", async ({ page }) => {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  const tooLarge = Buffer.alloc(21 * 1024 * 1024, "words ");
  await dialog.getByLabel("Manuscript").setInputFiles({ name: "huge.txt", mimeType: "text/plain", buffer: tooLarge });
  await dialog.getByRole("button", { name: "Import" }).click();
  // The limit comes from the server's 413 (its maxBytes), not from a number written in the page.
  await expect(dialog.getByRole("alert")).toContainText(/too large to send in one piece: Inkstone takes at most 20(\.\d)? MiB here/);
});

test("the import dialog previews the chapters before a book is made (issue 19 item 4)", async ({ page }) => {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  await dialog.getByLabel("Manuscript").setInputFiles({ name: "novel.txt", mimeType: "text/plain", buffer: Buffer.from("Chapter 1\nIt began.\nChapter 2\nIt went on and on.\n") });
  await dialog.getByRole("button", { name: "Preview chapters" }).click();
  await expect(dialog.getByRole("list", { name: "Chapters this import makes" }).getByRole("listitem")).toHaveText(["Chapter 1 — 2 words", "Chapter 2 — 5 words"]);
  await expect(dialog.getByRole("heading", { name: "2 chapters, 7 words" })).toBeVisible();
  await expect(page).toHaveURL(/\/books$/);
});

test("a chapter unticked in the preview is left out of the book (issue 33 item 2)", async ({ page }) => {
  const title = `Unticked ${Date.now()}`;
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  const manuscript = "# Contents\n\nThe Letter, The Fire.\n\n# The Letter\n\nShe read it twice.\n\n# The Fire\n\nThen she burned it.\n";
  await dialog.getByLabel("Manuscript").setInputFiles({ name: "unticked.md", mimeType: "text/markdown", buffer: Buffer.from(manuscript) });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Preview chapters" }).click();
  await expect(dialog.getByRole("heading", { name: "3 chapters, 12 words" })).toBeVisible();
  await dialog.getByRole("checkbox", { name: "Contents" }).uncheck();
  await expect(dialog.getByRole("heading", { name: "2 of 3 chapters, 8 words" })).toBeVisible();
  await dialog.screenshot({ path: test.info().outputPath("import-preview-unticked.png") });
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(chapterLinks(page)).toHaveText(["The Letter", "The Fire"]);
});

async function exportAs(page: Page, format: string, manuscript = false) {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption(format);
  if (manuscript) await dialog.getByLabel(/Standard Manuscript Format/).check();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: new Uint8Array(await readFile((await file.path())!)) };
}

test("exporting from the book page downloads an EPUB and a DOCX that hold the chapters in order", async ({ page }) => {
  const title = `Export Me ${Date.now()}`;
  await importFile(page, { name: "export.md", mimeType: "text/markdown", buffer: Buffer.from(MANUSCRIPT) }, title);

  const epub = await exportAs(page, "epub");
  expect(epub.name).toBe(`${title}.epub`);
  const book = unzipSync(epub.bytes);
  expect(strFromU8(book.mimetype!)).toBe("application/epub+zip");
  const text = Object.entries(book)
    .filter(([name]) => /\.x?html$/.test(name))
    .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }))
    .map(([, bytes]) => strFromU8(bytes))
    .join("\n");
  expect(text).toContain("雨下了一夜。");
  expect(text.indexOf("She read it")).toBeLessThan(text.indexOf("Then she burned it."));

  const docx = await exportAs(page, "docx", true);
  expect(docx.name).toBe(`${title}.docx`);
  const document = strFromU8(unzipSync(docx.bytes)["word/document.xml"]!);
  expect(document.indexOf("She read it")).toBeLessThan(document.indexOf("Then she burned it."));
  expect(document).toContain("END");
});

// Pictures of Import and Export for docs/screenshots (linked from the README), on demand:
// SCREENSHOTS=1 NEXT_DIST_DIR=.next-convert E2E_PORT=3420 npx playwright test e2e/convert.ui.spec.ts
test.describe("pictures", () => {
  test.skip(!process.env.SCREENSHOTS, "set SCREENSHOTS=1 to take the README's screenshots");
  test.use({ storageState: SIGNED_OUT, viewport: { width: 1280, height: 860 } });

  test("import and export dialogs, light and dark", async ({ page, request }) => {
    const writer = newWriter("convert-pictures");
    await signUpViaApi(request, writer);
    await signInViaUi(page, writer);
    await page.waitForURL("/books");
    const book = { title: "Winter Orchard", type: "literary", status: "revising", targetWordCount: 70000, description: "Three sisters, one failing farm." };
    expect((await page.request.post("/api/v1/books", { data: book })).status()).toBe(201);

    const salt = "# The Well at Qasr\n\nThe caravan reached the well at dusk.\n\n# What the Map Said\n\nThe dunes moved.\n\n# Salt\n\nThey walked at night.\n";
    await importFile(page, { name: "The Salt Road.md", mimeType: "text/markdown", buffer: Buffer.from(salt) });
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const exportDialog = page.getByRole("dialog", { name: "Export the book" });
    await exportDialog.getByLabel("Format").selectOption("docx");
    await exportDialog.getByLabel(/Standard Manuscript Format/).check();
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `docs/screenshots/export-${colorScheme}.png` });
    }

    await page.goto("/books");
    await page.getByRole("button", { name: "Import", exact: true }).click();
    const importDialog = page.getByRole("dialog", { name: "Import a manuscript" });
    await importDialog.getByLabel("Manuscript").setInputFiles({ name: "Notes Toward a Lighthouse.docx", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
    await importDialog.getByLabel("Title").fill("Notes Toward a Lighthouse");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `docs/screenshots/import-${colorScheme}.png` });
    }
  });
});
