import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { editorText, expectSaved, newBook, newChapter, stored, toEnd } from "./editor-support";

// Issue 17, item 2 (rich paste, Ctrl+I/B, smart punctuation) and item 7's editor parts (Keep both
// merges, a second tab hears of newer text, the first paint has the text, a chapter's trash Undo).

/** Pastes as a word processor does: a paste event carrying text/html and text/plain. */
async function pasteRich(page: Page, html: string, plain: string): Promise<void> {
  await editorText(page).focus();
  await page.evaluate(
    ([markup, text]) => {
      const data = new DataTransfer();
      data.setData("text/html", markup!);
      data.setData("text/plain", text!);
      document.querySelector(".cm-content")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [html, plain],
  );
}

const WORD_HTML = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word"><head>
<meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0in;} --></style></head><body lang=EN-US>
<!--StartFragment--><p class=MsoNormal style='text-indent:.5in'>It was <i style='mso-bidi-font-style:normal'>very</i> dark, and <b style='mso-bidi-font-weight:normal'>cold</b>.<o:p></o:p></p>
<p class=MsoNormal style='text-indent:.5in'><span style='font-style:italic'>Nobody</span> kept the light.<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoNormal align=center style='text-align:center'>* * *<o:p></o:p></p>
<p class=MsoNormal>Morning came.<o:p></o:p></p><!--EndFragment--></body></html>`;

const DOCS_HTML =
  `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-3f2a1b0c-7fff-5d4e-8a9b-0c1d2e3f4a5b">` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial;font-weight:400;font-style:normal;white-space:pre-wrap;">She </span>` +
  `<span style="font-size:11pt;font-family:Arial;font-weight:400;font-style:italic;white-space:pre-wrap;">ran</span>` +
  `<span style="font-size:11pt;font-family:Arial;font-weight:400;font-style:normal;white-space:pre-wrap;">, </span>` +
  `<span style="font-size:11pt;font-family:Arial;font-weight:700;font-style:normal;white-space:pre-wrap;">fast</span>` +
  `<span style="font-size:11pt;font-family:Arial;font-weight:400;font-style:normal;white-space:pre-wrap;">.</span></p><br>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-weight:400;font-style:normal;">The end.</span></p></b>`;

test("a paste from Word or Google Docs keeps its paragraphs, italics, bold and scene breaks", async ({ page }) => {
  const chapter = await newChapter(page.request, "");
  await page.goto(chapter.path);
  await pasteRich(page, WORD_HTML, "It was very dark, and cold.\r\nNobody kept the light.\r\n\r\n* * *\r\nMorning came.");
  await toEnd(page);
  await page.keyboard.press("Enter");
  await pasteRich(page, DOCS_HTML, "She ran, fast.\n\nThe end.");
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe(
    ["It was *very* dark, and **cold**.", "*Nobody* kept the light.", "* * *", "Morning came.", "She *ran*, **fast**.", "The end."].join("\n"),
  );
  // Shown as the writer meant it: the emphasis is drawn, not only marked.
  await expect(page.locator(".cm-content .md-em", { hasText: "very" })).toHaveCSS("font-style", "italic");
});

test("Ctrl+I and Ctrl+B put emphasis on the selection and take it off again", async ({ page }) => {
  const chapter = await newChapter(page.request, "");
  await page.goto(chapter.path);
  await toEnd(page);
  await page.keyboard.type("It was dark");
  await page.keyboard.press("Shift+Control+ArrowLeft");
  await page.keyboard.press("Control+i");
  await expect(editorText(page)).toHaveText("It was *dark*");
  await page.keyboard.press("Control+b");
  await expect(editorText(page)).toHaveText("It was ***dark***");
  await page.keyboard.press("Control+i");
  await expect(editorText(page)).toHaveText("It was **dark**");
  await page.keyboard.press("Control+b");
  await expect(editorText(page)).toHaveText("It was dark");
  // The selection is still the word: typing replaces it.
  await page.keyboard.type("night");
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe("It was night");
});

test("smart punctuation while typing is the writer's choice, remembered, and on by default in an English book", async ({ page }) => {
  const chapter = await newChapter(page.request, "");
  await page.goto(chapter.path);
  const option = page.getByRole("button", { name: "Smart quotes" });
  await expect(option).toHaveAttribute("aria-pressed", "true");
  await option.click();
  await expect(option).toHaveAttribute("aria-pressed", "false");
  await toEnd(page);
  await page.keyboard.type(`"Straight," he said.`);
  await expect(editorText(page)).toHaveText(`"Straight," he said.`);

  await option.click();
  await expect(option).toHaveAttribute("aria-pressed", "true");
  await toEnd(page);
  await page.keyboard.press("Enter");
  await page.keyboard.type(`"It's late--too late..." 她说："好"`);
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe(`"Straight," he said.\n“It’s late—too late…” 她说：“好”`);

  // Turned off, it stays off.
  await option.click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Smart quotes" })).toHaveAttribute("aria-pressed", "false");
});

test("the export dialog offers smart punctuation, and the file has it", async ({ page }) => {
  const chapter = await newChapter(page.request, `"Well..." she said -- it's late.\n他说"你好"——然后走了……`);
  await page.goto(`/books/${chapter.bookId}`);
  await page.getByRole("button", { name: "Export", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Export the book" });
  await dialog.getByLabel("Format").selectOption("md");
  await dialog.getByLabel(/Smart punctuation/).check();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Export" }).click();
  const text = await readFile((await (await download).path())!, "utf8");
  expect(text).toContain("“Well…” she said – it’s late.");
  expect(text).toContain("他说“你好”——然后走了……");
});

test("the export dialog offers the private notes, off by default, and the file has them only when asked", async ({ page }) => {
  const chapter = await newChapter(page.request, "The tide came in. <!-- check the tide table -->");
  await page.goto(`/books/${chapter.bookId}`);
  const exported = async (withNotes: boolean) => {
    await page.getByRole("button", { name: "Export", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Export the book" });
    await dialog.getByLabel("Format").selectOption("txt");
    const notes = dialog.getByRole("checkbox", { name: /Include private notes/ });
    await expect(notes).not.toBeChecked();
    if (withNotes) await notes.check();
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Export" }).click();
    return readFile((await (await download).path())!, "utf8");
  };
  const without = await exported(false);
  expect(without).toContain("The tide came in.");
  expect(without).not.toContain("tide table");
  expect(await exported(true)).toMatch(/The tide came in\. \\?\[check the tide table\\?\]/);
});

test("Keep both merges the other tab's paragraph with this one's instead of dropping it", async ({ page }) => {
  const chapter = await newChapter(page.request, ["The first paragraph.", "The second paragraph.", "The third paragraph."].join("\n"));
  const first = page;
  const second = await page.context().newPage();
  await first.goto(chapter.path);
  await second.goto(chapter.path);

  // The first tab adds a paragraph at the top; the second, not yet reloaded, edits the last one.
  await editorText(first).click();
  await first.keyboard.press("Control+Home");
  await first.keyboard.type("A new opening.\n");
  await expectSaved(first);
  await toEnd(second);
  await second.keyboard.type(" It ends.");

  const conflict = second.getByRole("dialog", { name: "This chapter was changed somewhere else" });
  await conflict.getByRole("button", { name: "Keep both" }).click();
  await expect(conflict).toBeHidden();
  await expectSaved(second);
  const merged = ["A new opening.", "The first paragraph.", "The second paragraph.", "The third paragraph. It ends."].join("\n");
  await expect(editorText(second)).toHaveText(merged.replaceAll("\n", ""));
  expect((await stored(page.request, chapter)).content).toBe(merged);
  await expect(second.getByRole("status").filter({ hasText: "Both versions' changes are in the text" })).toBeVisible();
});

test("a second tab of the same browser hears of newer text and loads it", async ({ page }) => {
  const chapter = await newChapter(page.request, "Start.");
  const first = page;
  const second = await page.context().newPage();
  await first.goto(chapter.path);
  await second.goto(chapter.path);
  await expect(editorText(second)).toHaveText("Start.");

  await toEnd(first);
  await first.keyboard.type(" Saved in the first tab.");
  await expectSaved(first);
  const version = (await stored(page.request, chapter)).version;

  const heard = second.getByRole("status").filter({ hasText: `Version ${version} of this chapter was saved in another tab` });
  await expect(heard).toBeVisible();
  await heard.getByRole("button", { name: "Load it" }).click();
  await expect(editorText(second)).toHaveText("Start. Saved in the first tab.");
  await expect(heard).toBeHidden();

  // Typing on in the second tab saves over the version it loaded: no conflict.
  await toEnd(second);
  await second.keyboard.type(" And the second.");
  await expectSaved(second);
  expect((await stored(page.request, chapter)).content).toBe("Start. Saved in the first tab. And the second.");
});

test("a second tab hears each autosave's version number and downloads the text only when the writer loads it", async ({ page }) => {
  const chapter = await newChapter(page.request, "Start.");
  const first = page;
  const second = await page.context().newPage();
  await first.goto(chapter.path);
  await second.goto(chapter.path);
  await expect(editorText(second)).toHaveText("Start.");
  const downloads: string[] = [];
  second.on("request", (request) => {
    if (request.method() === "GET" && new URL(request.url()).pathname === chapter.api) downloads.push(request.url());
  });

  await toEnd(first);
  await first.keyboard.type(" One.");
  await expectSaved(first);
  await first.keyboard.type(" Two.");
  await expectSaved(first);
  const version = (await stored(page.request, chapter)).version;
  const heard = second.getByRole("status").filter({ hasText: `Version ${version} of this chapter was saved in another tab` });
  await expect(heard).toBeVisible();
  expect(downloads).toEqual([]);

  await heard.getByRole("button", { name: "Load it" }).click();
  await expect(editorText(second)).toHaveText("Start. One. Two.");
  expect(downloads).toHaveLength(1);
});

test("a tab on another device (browser context) hears of newer text when it comes back into view", async ({ page, browser, storageState }) => {
  const chapter = await newChapter(page.request, "Start.");
  const elsewhere = await browser.newContext({ storageState });
  const other = await elsewhere.newPage();
  await page.goto(chapter.path);
  await other.goto(chapter.path);
  await expect(editorText(other)).toHaveText("Start.");

  await toEnd(page);
  await page.keyboard.type(" Written on the laptop.");
  await expectSaved(page);

  // The writer returns to the other window.
  await other.evaluate(() => window.dispatchEvent(new Event("focus")));
  const heard = other.getByRole("status").filter({ hasText: "was saved in another tab or on another device" });
  await expect(heard).toBeVisible();
  await heard.getByRole("button", { name: "Load it" }).click();
  await expect(editorText(other)).toHaveText("Start. Written on the laptop.");
  await elsewhere.close();
});

test("the editor's first paint holds the chapter's text (server-rendered)", async ({ page, browser, storageState }) => {
  const chapter = await newChapter(page.request, "The lamp was lit.\nNobody came.");
  // Without JavaScript the page is what the server sent: the text must be in it.
  const noScript = await browser.newContext({ storageState, javaScriptEnabled: false });
  const bare = await noScript.newPage();
  await bare.goto(chapter.path);
  await expect(bare.getByText("The lamp was lit.")).toBeVisible();
  await expect(bare.getByText("Nobody came.")).toBeVisible();
  await noScript.close();

  // With it, the editor takes over with the same text, once.
  await page.goto(chapter.path);
  await expect(editorText(page)).toHaveText("The lamp was lit.Nobody came.");
  await expect(page.getByText("The lamp was lit.")).toHaveCount(1);
});

test("a chapter moved to the trash comes back with Undo, as a book does", async ({ page }) => {
  const [chapter] = await newBook(page.request, [
    { title: "Dawn", content: "Light." },
    { title: "Dusk", content: "Dark." },
  ]);
  await page.goto(`/books/${chapter!.bookId}`);
  const list = page.getByRole("list", { name: "Chapters" });
  await page.getByRole("button", { name: "Delete “Dawn”" }).click();
  await page.getByRole("dialog", { name: "Move this chapter to the trash?" }).getByRole("button", { name: "Move to trash" }).click();
  await expect(page.getByText("“Dawn” moved to the trash.")).toBeVisible();
  await expect(list.getByRole("link")).toHaveText(["Dusk"]);
  // Focus is on Undo: one key brings it back, in its place.
  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText("“Dawn” is back in the book.")).toBeVisible();
  await expect(list.getByRole("link")).toHaveText(["Dawn", "Dusk"]);
});
