import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";

// Issue 37 item 5 in the export dialog (decision 0494): the themes are offered for PDF, EPUB and
// DOCX; with PDF the dialog shows the print PDF's first pages, drawn again when the theme or the
// trim size changes, and the PDF downloaded is set in the theme chosen.

const MANUSCRIPT = "# 第一回 到港\n\n黄昏时分，船靠了岸。她站在码头上等着，风从海上来。\n\n天亮时她还在那里。\n\n# 第二回 离港\n\n他一句话也没有说就走了。\n";

test("the export dialog previews the print PDF's first pages in the theme and trim chosen", async ({ page }) => {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const importing = page.getByRole("dialog", { name: "Import a manuscript" });
  await importing.getByLabel("Manuscript").setInputFiles({ name: "harbour.md", mimeType: "text/markdown", buffer: Buffer.from(MANUSCRIPT) });
  await importing.getByLabel("Title").fill(`港湾 ${Date.now()}`);
  await importing.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);

  // The book keeps a theme, chosen in its details; the export dialog starts from it.
  await page.getByRole("button", { name: "Edit details" }).click();
  const details = page.getByRole("dialog", { name: "Book details" });
  await expect(details.getByLabel("Theme")).toHaveValue("classic");
  await details.getByLabel("Theme").selectOption("modern");
  await details.getByLabel("Theme").scrollIntoViewIfNeeded();
  await details.screenshot({ path: test.info().outputPath("book-details-theme.png") });
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details).toBeHidden();
  // The page as the server now renders it, the book's theme saved.
  await page.reload();

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("epub");
  await expect(dialog.getByLabel("Theme")).toHaveValue("modern");
  await dialog.getByLabel("Format").selectOption("txt");
  await expect(dialog.getByLabel("Theme")).toHaveCount(0);

  await dialog.getByLabel("Format").selectOption("pdf");
  const preview = dialog.getByRole("region", { name: "Preview of the first pages" });
  const pages = preview.getByRole("img", { name: /^Page \d$/ });
  await expect(pages.first()).toBeVisible();
  await expect(preview).not.toHaveAttribute("aria-busy", "true");
  const modern = await pages.first().getAttribute("src");

  await dialog.getByLabel("Theme").selectOption("chinese");
  await expect(preview).not.toHaveAttribute("aria-busy", "true");
  await expect.poll(() => pages.first().getAttribute("src")).not.toBe(modern);
  const chinese = await pages.first().getAttribute("src");
  // 6 × 9 in at 80 dpi: each page drawn as the trim's proportion.
  await expect.poll(() => pages.first().evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([480, 720]);

  await dialog.getByLabel("Trim size").selectOption("140x203mm");
  await expect.poll(() => pages.first().getAttribute("src")).not.toBe(chinese);
  await expect.poll(() => pages.first().evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([441, 640]);
  await expect(preview).not.toHaveAttribute("aria-busy", "true");
  await preview.scrollIntoViewIfNeeded();
  await dialog.screenshot({ path: test.info().outputPath("export-theme-dialog.png") });
  await preview.screenshot({ path: test.info().outputPath("export-theme-preview.png") });

  const file = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const bytes = (await readFile((await (await file).path())!)).toString("latin1");
  // The Chinese theme's 楷体 titles are embedded in the PDF downloaded.
  expect(bytes).toContain("UKaiCN");
});
