import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { editorText, expectSaved, newBook, toEnd } from "./editor-support";

// Issue 21, items 4 and 7: the story bible's pages, and its names in the editor.

interface NewEntry {
  name: string;
  kind?: string;
  aliases?: string[];
  description?: string;
  exitChapter?: string;
}

/** Adds an entry on the bible's page, as a writer does; the new entry's page opens. */
async function addEntry(page: Page, bookId: string, entry: NewEntry): Promise<void> {
  await page.goto(`/books/${bookId}/bible`);
  await page.getByRole("button", { name: "New entry" }).click();
  const form = page.getByRole("region", { name: "New entry" });
  await form.getByLabel("Name", { exact: true }).fill(entry.name);
  if (entry.kind) await form.getByLabel("Kind", { exact: true }).selectOption(entry.kind);
  if (entry.aliases) await form.getByLabel("Aliases").fill(entry.aliases.join("\n"));
  if (entry.description) await form.getByLabel("Description").fill(entry.description);
  if (entry.exitChapter) await form.getByLabel("Leaves the story in").selectOption({ label: entry.exitChapter });
  await form.getByRole("button", { name: "Add to bible" }).click();
  await expect(page.getByRole("heading", { level: 2, name: entry.name })).toBeVisible();
}

const marks = (page: Page) => page.locator(".cm-content .bible-mark");

async function shoot(page: Page, name: string): Promise<void> {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: test.info().outputPath(`${name}-${colorScheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: "light" });
}

test("entries made on the bible page are marked while typing, carded on hover and completed after @", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Oxford", content: "It was a grey morning." }]);
  await addEntry(page, chapter!.bookId, { name: "Lyra Belacqua", aliases: ["Lyra", "Silvertongue"], description: "A girl of Jordan College who lies well." });
  await addEntry(page, chapter!.bookId, { name: "Jordan College", kind: "place" });
  await page.goto(`/books/${chapter!.bookId}/bible`);
  await expect(page.getByRole("link", { name: "Lyra Belacqua" })).toBeVisible();
  await shoot(page, "bible-list");

  await page.goto(chapter!.path);
  await toEnd(page);
  await page.keyboard.type(" Lyra ran across Jordan College.");
  await expect(marks(page)).toHaveText(["Lyra", "Jordan College"]);
  const panel = page.getByRole("region", { name: "In this chapter" });
  await expect(panel.getByRole("button", { name: /Lyra Belacqua/ })).toBeVisible();
  await expect(panel.getByRole("button", { name: /Jordan College/ })).toBeVisible();

  // Hover: the entry's card, with its description. Once the save has settled the toolbar; and
  // hovered again, as a person moves the mouse again, if the text moved under the pointer before
  // CodeMirror's hover delay ran out (a card is drawn only for the spot under a still pointer).
  await expectSaved(page);
  const card = page.locator(".bible-card");
  await expect(async () => {
    await page.mouse.move(0, 0);
    await marks(page).first().hover();
    await expect(card).toContainText("Lyra Belacqua", { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(card).toContainText("A girl of Jordan College who lies well.");
  await shoot(page, "editor-card");
  await page.mouse.move(0, 0);

  // @ and the start of an alias: chosen with Enter, the name replaces "@Sil".
  await toEnd(page);
  await page.keyboard.type(" They called her @Sil");
  const option = page.getByRole("option", { name: /Silvertongue/ });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute("aria-selected", "true");
  // CodeMirror takes an Enter within 75 ms of the list's last update as a new line, not a choice
  // (autocompletion's interactionDelay): a writer reads the list first, and so does the test.
  await page.waitForTimeout(300);
  await page.keyboard.press("Enter");
  await expect(editorText(page)).toContainText("They called her Silvertongue");
  await expect(marks(page)).toHaveText(["Lyra", "Jordan College", "Silvertongue"]);

  // Marks can be turned off, and back on.
  await panel.getByRole("button", { name: "Mark names" }).click();
  await expect(marks(page)).toHaveCount(0);
  await panel.getByRole("button", { name: "Mark names" }).click();
  await expect(marks(page)).toHaveCount(3);
});

test("Chinese names are marked while typing, and a one-character alias only as a word", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "第一回", content: "话说。" }]);
  await addEntry(page, chapter!.bookId, { name: "林黛玉", aliases: ["黛玉", "颦儿"] });
  await addEntry(page, chapter!.bookId, { name: "诸葛亮", aliases: ["孔明", "亮"] });
  // The entry's page says the one-character alias will be found inside other words (decision 0503).
  await expect(page.getByRole("listitem").filter({ hasText: "single Chinese character" })).toHaveText(/^"亮" is a single Chinese character: it is found inside every word that holds it/);
  await shoot(page, "bible-entry-single-character");
  await page.goto(chapter!.path);
  await toEnd(page);
  // An input method commits whole words: insertText, as it does.
  await page.keyboard.insertText("黛玉笑道：“颦儿来了。”诸葛亮曰：亮不敢。月光明亮。");
  await expect(marks(page)).toHaveText(["黛玉", "颦儿", "诸葛亮", "亮"]);
  await shoot(page, "editor-chinese");
});

test("Add to bible turns the selected name into an entry, marked at once", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "The Inn", content: "Marisol poured the wine and said nothing." }]);
  await page.goto(chapter!.path);
  // The live editor's line (the server-rendered first paint holds the same text until it hands over).
  const line = page.getByRole("textbox", { name: "Text of The Inn" }).locator(".cm-line", { hasText: "Marisol poured" });
  await line.dblclick({ position: { x: 5, y: 5 } });
  await page.getByRole("button", { name: "Add to bible" }).click();
  const dialog = page.getByRole("dialog", { name: "Add to bible" });
  await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Marisol");
  await dialog.getByLabel("Description").fill("The innkeeper.");
  await dialog.getByRole("button", { name: "Add to bible" }).click();
  await expect(dialog).toBeHidden();
  await expect(marks(page)).toHaveText(["Marisol"]);

  // The same name again is refused, naming the entry that has it.
  await line.dblclick({ position: { x: 5, y: 5 } });
  await page.getByRole("button", { name: "Add to bible" }).click();
  await dialog.getByRole("button", { name: "Add to bible" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Marisol");
});

test("an entry's page lists its mentions per chapter, each linking to the spot in the editor", async ({ page }) => {
  const chapters = await newBook(page.request, [
    { title: "One", content: "Tomas came home. The dog barked." },
    { title: "Two", content: "Rain. Tomas slept late, and Tomas dreamt." },
  ]);
  const bookId = chapters[0]!.bookId;
  await addEntry(page, bookId, { name: "Tomas", description: "The brother." });
  await addEntry(page, bookId, { name: "Wren", description: "The sister." });
  // A new entry opens its own page; Tomas is found from the list.
  await page.goto(`/books/${bookId}/bible`);
  await page.getByRole("link", { name: "Tomas" }).click();
  const mentions = page.getByRole("region", { name: "Mentions" });
  await expect(mentions).toContainText("3 mentions in 2 chapters");
  // Each mention is listed with its sentence: chapter Two's sentence names Tomas twice.
  await expect(mentions.getByRole("listitem").filter({ hasText: "Tomas slept late" })).toHaveCount(2);

  // A relation, then the graph.
  await page.getByRole("textbox", { name: "Relation" }).fill("brother of");
  await page.getByLabel("Other entry").selectOption({ label: "Wren" });
  await page.getByRole("button", { name: "Add relation" }).click();
  await expect(page.getByRole("region", { name: "Relations" }).getByRole("listitem")).toContainText("brother of");
  await shoot(page, "bible-entry");
  await page.goto(`/books/${bookId}/bible/graph`);
  await expect(page.getByRole("link", { name: "Wren (character)" })).toBeVisible();
  await shoot(page, "bible-graph");

  await page.goto(`/books/${bookId}/bible`);
  await page.getByRole("link", { name: "Tomas" }).click();
  await page.getByRole("region", { name: "Mentions" }).getByRole("link", { name: "2. Two" }).first().click();
  await expect(page).toHaveURL(/\/chapters\/.+\?at=6&len=5/);
  await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe("Tomas");
});

test("a continuity finding links to its spot in the editor", async ({ page }) => {
  const chapters = await newBook(page.request, [
    { title: "The Fire", content: "Old Hester died in the fire." },
    { title: "After", content: "Morning came. Hester poured the tea." },
  ]);
  const bookId = chapters[0]!.bookId;
  await addEntry(page, bookId, { name: "Hester", exitChapter: "The Fire" });
  await page.goto(`/books/${bookId}/bible/checks`);
  const finding = page.getByRole("listitem").filter({ hasText: "Named after leaving the story" });
  await expect(finding).toBeVisible();
  await shoot(page, "bible-checks");
  await finding.getByRole("link", { name: /After/ }).click();
  await expect(page).toHaveURL(new RegExp(`${chapters[1]!.chapterId}\\?at=14&len=6`));
  await expect.poll(() => page.evaluate(() => getSelection()?.toString())).toBe("Hester");
});

// bible2: a manuscript's characters proposed after import, and the bible as an export's appendix.
const BOAT = "# One\n\nThe boat left at dawn. Then Marguerite rowed hard, and Tobias watched. At noon Marguerite sang.\n\n# Two\n\nLater Tobias laughed, and Marguerite smiled. Even Tobias slept.\n";

test("an imported manuscript's characters are proposed on the bible page, one added with one click, and exported as an appendix", async ({ page }) => {
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const importDialog = page.getByRole("dialog", { name: "Import a manuscript" });
  await importDialog.getByLabel("Manuscript").setInputFiles({ name: "The Boat.md", mimeType: "text/markdown", buffer: Buffer.from(BOAT) });
  await importDialog.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);
  const bookPath = new URL(page.url()).pathname;

  await page.goto(`${bookPath}/bible`);
  const proposed = page.getByRole("region", { name: "Proposed from the text" });
  await expect(proposed.getByRole("listitem")).toHaveText([/Marguerite\s*3 mentions in 2 chapters/, /Tobias\s*3 mentions in 2 chapters/]);
  await expect(page.getByText("No entries yet")).toBeVisible();
  await shoot(page, "bible-proposed");
  await proposed.getByRole("button", { name: "Add Marguerite to the bible" }).click();
  await expect(page.getByRole("link", { name: "Marguerite" })).toBeVisible();
  await expect(proposed.getByRole("listitem")).toHaveText([/Tobias/]);

  await page.goto(bookPath);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const exportDialog = page.getByRole("dialog", { name: "Export the book" });
  await exportDialog.getByLabel("Format").selectOption("epub");
  await exportDialog.getByLabel(/Story bible as an appendix/).check();
  const download = page.waitForEvent("download");
  await exportDialog.getByRole("button", { name: "Export" }).click();
  const epub = unzipSync(new Uint8Array(await readFile((await (await download).path())!)));
  const text = Object.entries(epub)
    .filter(([name]) => name.endsWith(".xhtml"))
    .map(([, bytes]) => strFromU8(bytes))
    .join("\n");
  expect(text).toMatch(/Story Bible[\s\S]*Characters[\s\S]*Marguerite/);
});

test("an entry's picture is added from its page, shown, and removed", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Oxford", content: "It was a grey morning." }]);
  await addEntry(page, chapter!.bookId, { name: "Lyra Belacqua" });
  await page.getByLabel("Add a picture").setInputFiles("test/fixtures/covers/the-long-tide.jpg");
  const picture = page.getByRole("img", { name: "Picture of Lyra Belacqua" });
  await expect(picture).toBeVisible();
  // The image loaded: the page's own session reads it from the API.
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await page.getByRole("button", { name: "Remove picture" }).click();
  await expect(page.getByText("No picture.")).toBeVisible();
});
