import { expect, test } from "./fixtures";
import { editorText, expectSaved, newBook, newChapter, paste, saveState, stored, toEnd } from "./editor-support";

// The chapter editor (issue 7, item 3): typing, saving, the Markdown kept byte for byte, history,
// and text that is never run as HTML. Conflicts, offline and sign-out: editor-sync.ui.spec.ts.

test("a chapter typed in the editor is there after a reload", async ({ page }) => {
  const chapter = await newChapter(page.request, "");
  await page.goto(chapter.path);
  await expect(page.getByRole("navigation", { name: "Chapters" })).toBeVisible();
  await editorText(page).click();
  await page.keyboard.type("It was a dark and stormy night.");
  await expectSaved(page);
  await page.reload();
  await expect(editorText(page)).toHaveText("It was a dark and stormy night.");
  expect((await stored(page.request, chapter)).content).toBe("It was a dark and stormy night.");
});

// Today's total is the server's ledger, shared by every test of this writer: goals.ui.spec.ts
// checks it with a writer of its own.
test("the live word count is the server's, in English and CJK", async ({ page }) => {
  const chapter = await newChapter(page.request, "Once upon a time.");
  await page.goto(chapter.path);
  const count = page.getByText(/^[\d,]+ words$/);
  await expect(count).toHaveText("4 words");

  await toEnd(page);
  await page.keyboard.type(" The quick brown fox jumps over the lazy dog's back.");
  await expectSaved(page);
  const english = await stored(page.request, chapter);
  expect(english.wordCount).toBe(14);
  await expect(count).toHaveText(`${english.wordCount} words`);

  // One word per Han character, as the server counts 字数; the full stop is none.
  await page.keyboard.press("Enter");
  await page.keyboard.type("我们明天再走吧。");
  await expectSaved(page);
  const mixed = await stored(page.request, chapter);
  // Smart quotes are on by default in an English book: the apostrophe curls as it is typed.
  expect(mixed.content).toBe("Once upon a time. The quick brown fox jumps over the lazy dog’s back.\n我们明天再走吧。");
  expect(mixed.wordCount).toBe(21);
  await expect(count).toHaveText(`${mixed.wordCount} words`);
});

test("Markdown is stored exactly as the writer pasted and typed it", async ({ page }) => {
  const chapter = await newChapter(page.request, "");
  const pasted = [
    "# The Lighthouse",
    "",
    "It was *very* dark, and **cold** — the sort of night that _ends_ things.  ",
    "A hard break above; a tab after this\t",
    "",
    "* * *",
    "",
    "- rope",
    "- lantern",
    "  - spare wick",
    "",
    "1. First",
    "2. Second",
    "",
    "> Who keeps the light?",
    "> Nobody, now.",
    "",
    "",
    "   Three spaces in, two blank lines above.",
    "",
    "她说：“你好，世界！”——然后走了。「引用」『二重』、……",
  ].join("\n");
  await page.goto(chapter.path);
  await paste(page, pasted);
  await toEnd(page);
  await page.keyboard.type("\n\nThe *end*, 完。 ");
  const expected = `${pasted}\n\nThe *end*, 完。 `;
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe(expected);

  // And back: what the editor shows after a reload saves back unchanged.
  await page.reload();
  await toEnd(page);
  await page.keyboard.type("x");
  await page.keyboard.press("Backspace");
  await page.keyboard.type("!");
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe(`${expected}!`);
});

test("a chapter written with CRLF line ends keeps them when edited", async ({ page }) => {
  const chapter = await newChapter(page.request, "One\r\nTwo");
  await page.goto(chapter.path);
  await toEnd(page);
  await page.keyboard.type("\nThree");
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe("One\r\nTwo\r\nThree");
});

test("HTML in a chapter's text and title is shown as text, never run", async ({ page }) => {
  const payload = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
  const chapter = await newChapter(page.request, `Before ${payload} after`, `<svg onload="window.__xss=3">`);
  await page.goto(chapter.path);
  await expect(editorText(page)).toContainText(payload);
  await expect(page.getByLabel("Chapter title")).toHaveValue(`<svg onload="window.__xss=3">`);

  // Typed too, then looked at in the history's preview and diff.
  await toEnd(page);
  await page.keyboard.type(` <iframe src="javascript:window.__xss=4"></iframe>`);
  await expectSaved(page);
  await page.getByRole("button", { name: "History" }).click();
  await page.getByRole("button", { name: /^Version 1/ }).click();
  await expect(page.getByRole("region", { name: /Changes from version 1/ })).toContainText("<iframe");
  await page.getByRole("button", { name: "Text", exact: true }).click();
  await expect(page.getByRole("region", { name: "Text of version 1" })).toContainText(payload);

  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator("img[src=x], iframe, svg[onload]").count()).toBe(0);
});

test("an old version is previewed, compared and restored", async ({ page }) => {
  const chapter = await newChapter(page.request, "First draft.");
  await page.goto(chapter.path);
  await toEnd(page);
  await page.keyboard.type(" Second thought.");
  await expectSaved(page);
  const before = await stored(page.request, chapter);

  await page.getByRole("button", { name: "History" }).click();
  const history = page.getByRole("dialog", { name: "History" });
  await history.getByRole("button", { name: /^Version 1/ }).click();
  const changes = history.getByRole("region", { name: /Changes from version 1/ });
  await expect(changes.locator("ins")).toHaveText(/Second thought\./);
  await history.getByRole("button", { name: "Restore version 1" }).click();
  await expect(history).toBeHidden();

  await expect(editorText(page)).toHaveText("First draft.");
  const now = await stored(page.request, chapter);
  expect(now).toMatchObject({ content: "First draft.", version: before.version + 1 });
  // What the restore replaced is still there.
  const replaced = await page.request.get(`${chapter.api}/revisions/${before.version}`);
  expect((await replaced.json()).data.content).toBe("First draft. Second thought.");
});

test("an over-long title is refused inline while the text still saves", async ({ page }) => {
  const chapter = await newChapter(page.request, "Text.");
  await page.goto(chapter.path);
  const title = page.getByLabel("Chapter title");
  await title.fill("T".repeat(201));
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription(/200/);
  await toEnd(page);
  await page.keyboard.type(" More.");
  await expectSaved(page);
  expect(await stored(page.request, chapter)).toMatchObject({ title: "Chapter One", content: "Text. More." });

  await title.fill("The Harbour");
  await expect(title).not.toHaveAttribute("aria-invalid", "true");
  await title.blur();
  await expectSaved(page);
  expect((await stored(page.request, chapter)).title).toBe("The Harbour");
});

test("focus mode hides the chrome; shortcuts move between chapters", async ({ page }) => {
  const [first, second] = await newBook(page.request, [
    { title: "One", content: "The first." },
    { title: "Two", content: "The second." },
  ]);
  await page.goto(first!.path);
  const chapters = page.getByRole("navigation", { name: "Chapters" });
  await expect(chapters.getByRole("link", { name: /One/ })).toHaveAttribute("aria-current", "page");

  await editorText(page).click();
  await page.keyboard.press("Control+Shift+F");
  await expect(chapters).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(chapters).toBeVisible();

  await page.keyboard.press("Alt+PageDown");
  await expect(page).toHaveURL(second!.path);
  await expect(editorText(page)).toHaveText("The second.");
  await page.keyboard.press("Alt+PageUp");
  await expect(page).toHaveURL(first!.path);
  await expect(saveState(page)).toHaveText("Saved");
});
