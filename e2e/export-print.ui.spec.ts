import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";

// Issue 37 item 1 in the export dialog (decision 0490): the print PDF's trim sizes, right-hand
// chapter openings and PDF/X are offered, and the PDF downloaded is set as chosen.

const MANUSCRIPT = "# The Letter\n\nShe read it twice.\n\n# The Fire\n\nThen she burned it.\n\n# The Rain\n\nIt rained all night.\n";

test("the export dialog sets the PDF in 16开 with chapters on right-hand pages, and offers PDF/X", async ({ page }) => {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const importing = page.getByRole("dialog", { name: "Import a manuscript" });
  await importing.getByLabel("Manuscript").setInputFiles({ name: "tide.md", mimeType: "text/markdown", buffer: Buffer.from(MANUSCRIPT) });
  await importing.getByLabel("Title").fill(`Print Me ${Date.now()}`);
  await importing.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);

  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("pdf");
  const trims = await dialog.getByLabel("Trim size").locator("option").allTextContents();
  expect(trims).toEqual(expect.arrayContaining(["5.25 × 8 in", "大32开 (140 × 203 mm)", "16开 (185 × 260 mm)"]));
  await dialog.getByLabel("Trim size").selectOption("185x260mm");
  await dialog.getByLabel(/Chapters open on a right-hand page/).check();
  await expect(dialog.getByRole("checkbox", { name: "PDF/X for the printer" })).not.toBeChecked();
  await dialog.screenshot({ path: test.info().outputPath("export-print-dialog.png") });

  const file = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const bytes = (await readFile((await (await file).path())!)).toString("latin1");
  expect(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(bytes)?.slice(1).map((n) => Math.round(Number(n)))).toEqual([524, 737]);
  // Title page and its verso, then the chapters on pages 3, 5 and 7.
  expect(bytes).toMatch(/\/Type\s*\/Pages[^>]*\/Count 7\b/);
});
