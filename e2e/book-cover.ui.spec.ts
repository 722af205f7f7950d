import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
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
