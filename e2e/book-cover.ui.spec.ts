import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import sharp from "sharp";
import { newBook } from "./editor-support";

// Issue 19 item 14: the book's cover, set on the book page and carried by the EPUB the export
// dialog makes (or left out when the writer says so).

const COVER = "test/fixtures/covers/the-long-tide.jpg";

async function exportEpub(page: Page, withCover: boolean): Promise<Record<string, Uint8Array>> {
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("epub");
  const cover = dialog.getByLabel(/^Cover/);
  await expect(cover).toBeChecked();
  if (withCover) await page.screenshot({ path: test.info().outputPath("export-cover-dialog.png") });
  else await cover.uncheck();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  return unzipSync(new Uint8Array(await readFile((await (await download).path())!)));
}

test("a cover set on the book page is the EPUB's cover, unless left out; WebP is refused in words; it is removed", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Harbour", content: "It began at the harbour." }]);
  await page.goto(`/books/${chapter!.bookId}`);
  const side = page.getByRole("complementary", { name: "Progress and tools" });
  await expect(side.getByText("No cover.")).toBeVisible();

  // Without a cover the dialog says where to add one.
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("epub");
  await expect(dialog.getByText(/No cover: add one under Cover on the book page/)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await side.getByLabel("Add a cover").setInputFiles(COVER);
  const cover = side.getByRole("img", { name: /^Cover of / });
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await page.screenshot({ path: test.info().outputPath("book-cover.png"), fullPage: true });

  const epub = await exportEpub(page, true);
  expect(Buffer.from(epub["OEBPS/cover.jpg"]!).equals(await readFile(COVER))).toBe(true);
  const without = await exportEpub(page, false);
  expect(Object.keys(without).filter((name) => name.includes("cover"))).toEqual([]);

  // A WebP is refused with the server's sentence; the cover stays.
  await side.getByLabel("Replace cover").setInputFiles({ name: "cover.webp", mimeType: "image/webp", buffer: await readFile("test/fixtures/covers/tiny.webp") });
  await expect(side.getByText("A cover is a JPEG, PNG or GIF image; this is a WebP image.")).toBeVisible();
  await expect(cover).toBeVisible();

  await side.getByRole("button", { name: "Remove cover" }).click();
  await expect(side.getByText("No cover.")).toBeVisible();
});

test("a cover smaller than the stores take, or of the wrong shape, is kept with its warnings under it (issue 37 item 4)", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Harbour", content: "It began at the harbour." }]);
  await page.goto(`/books/${chapter!.bookId}`);
  const side = page.getByRole("complementary", { name: "Progress and tools" });
  const png = async (width: number, height: number) => ({
    name: "cover.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 70, b: 120 } } }).png().toBuffer(),
  });

  await side.getByLabel("Add a cover").setInputFiles(await png(1200, 1200));
  const warnings = side.getByRole("list", { name: "What the stores would say of this cover" });
  await expect(warnings.getByRole("listitem")).toHaveText([
    "The cover is 1,200 × 1,200 pixels, below the 1,600 × 2,560 Kindle Direct Publishing recommends; it may look soft on large screens.",
    "The cover's height is 1.00 times its width; stores expect about 1.6 (1,600 × 2,560) and may crop or letterbox it.",
  ]);
  await expect(side.getByRole("img", { name: /^Cover of / })).toBeVisible();
  await side.screenshot({ path: test.info().outputPath("cover-warnings.png") });

  // A cover the stores take says nothing more.
  await side.getByLabel("Replace cover").setInputFiles(await png(1600, 2560));
  await expect(warnings).toHaveCount(0);
  await expect(side.getByRole("img", { name: /^Cover of / })).toBeVisible();
});
