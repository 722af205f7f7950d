import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { axe } from "./axe";
import { editorText, expectSaved, newBook, newChapter, stored, toEnd } from "./editor-support";

// Issue 33 item 4: an editor that hides its marks. Live preview (Markdown's marks hidden off the
// lines being edited), the Markdown source a toggle away, smart quotes on by default, typewriter
// scrolling in focus mode, and a status bar a writer can read.

// axe is injected into the page, which the pages' script policy would refuse.
test.use({ bypassCSP: true });

const PASSAGE = [
  "## The Quay",
  "*Seven*, she said to the gulls, and **nobody** answered.",
  "> Who keeps the light?\\",
  "> Nobody, now.",
  "* * *",
  "An escaped \\*star\\*, ~~struck~~ words and `the lamp` in code; see [the chart](https://example.com/chart).",
  "```",
  "tide table",
  "```",
  "The end of the passage.",
].join("\n");

/**
 * The text each line of the editor draws, as a reader of the screen gets it: the editor's own lines
 * (the textbox), never the server's copy of the text it shows until CodeMirror has taken its place.
 */
const drawnLines = (page: Page) => editorText(page).locator(".cm-line").allTextContents();
const lineWith = (page: Page, text: string) => editorText(page).locator(".cm-line", { hasText: text });

test("Markdown's marks are hidden off the line being edited and shown on it", async ({ page }) => {
  const chapter = await newChapter(page.request, PASSAGE);
  await page.goto(chapter.path);
  await lineWith(page, "The end of the passage.").click();
  await expect.poll(() => drawnLines(page)).toEqual([
    "The Quay",
    "Seven, she said to the gulls, and nobody answered.",
    "Who keeps the light?",
    "Nobody, now.",
    "",
    "An escaped *star*, struck words and the lamp in code; see the chart.",
    "",
    "tide table",
    "",
    "The end of the passage.",
  ]);
  // Drawn as it reads: italic, bold, a heading larger than the text, a quotation set in, a rule.
  await expect(editorText(page).locator(".md-em", { hasText: "Seven" })).toHaveCSS("font-style", "italic");
  await expect(editorText(page).locator(".md-strong", { hasText: "nobody" })).toHaveCSS("font-weight", "700");
  const heading = await lineWith(page, "The Quay").locator(".md-h2").evaluate((text) => parseFloat(getComputedStyle(text).fontSize));
  const prose = await lineWith(page, "The end of the passage.").evaluate((line) => parseFloat(getComputedStyle(line).fontSize));
  expect(heading).toBeGreaterThan(prose);
  expect(await lineWith(page, "Nobody, now.").evaluate((line) => parseFloat(getComputedStyle(line).paddingLeft))).toBeGreaterThan(0);
  await expect(page.getByRole("separator", { name: "Scene break" })).toBeVisible();

  // The caret's line shows its marks; the others keep them hidden.
  await lineWith(page, "Seven").click();
  await expect(lineWith(page, "Seven")).toHaveText("*Seven*, she said to the gulls, and **nobody** answered.");
  await expect(lineWith(page, "The Quay")).toHaveText("The Quay");
  await lineWith(page, "Who keeps").click();
  await expect(lineWith(page, "Who keeps")).toHaveText("> Who keeps the light?\\");
  await expect(lineWith(page, "Seven")).toHaveText("Seven, she said to the gulls, and nobody answered.");
  await page.keyboard.press("Control+End");
  await expect(lineWith(page, "Who keeps")).toHaveText("Who keeps the light?");
});

test("the Markdown button and Ctrl+Shift+E show the source, remembered in this browser", async ({ page }) => {
  const chapter = await newChapter(page.request, PASSAGE);
  await page.goto(chapter.path);
  const markdown = page.getByRole("button", { name: "Markdown", exact: true });
  await expect(markdown).toHaveAttribute("aria-pressed", "false");
  await lineWith(page, "The end of the passage.").click();
  await expect(lineWith(page, "Seven")).toHaveText("Seven, she said to the gulls, and nobody answered.");

  await markdown.click();
  await expect(markdown).toHaveAttribute("aria-pressed", "true");
  await expect(lineWith(page, "Seven")).toHaveText("*Seven*, she said to the gulls, and **nobody** answered.");
  await expect(lineWith(page, "The Quay")).toHaveText("## The Quay");
  await page.reload();
  await expect(page.getByRole("button", { name: "Markdown", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(lineWith(page, "Seven")).toHaveText("*Seven*, she said to the gulls, and **nobody** answered.");

  await lineWith(page, "The end of the passage.").click();
  await page.keyboard.press("Control+Shift+E");
  await expect(page.getByRole("button", { name: "Markdown", exact: true })).toHaveAttribute("aria-pressed", "false");
  await expect(lineWith(page, "The Quay")).toHaveText("The Quay");
});

test("what is saved and copied is the Markdown typed, byte for byte, while the screen hides its marks", async ({ page }) => {
  const chapter = await newChapter(page.request, "");
  await page.goto(chapter.path);
  await toEnd(page);
  const typed = [
    "# The Harbour",
    "She said *nothing*, and **nothing** was enough.",
    "> A quotation that breaks\\",
    "> over two lines",
    "An escaped \\*star\\* and ~~struck~~ words.",
    "* * *",
    "The end.",
  ].join("\n");
  await page.keyboard.type(typed);
  await expect(lineWith(page, "She said")).toHaveText("She said nothing, and nothing was enough.");
  await expect(lineWith(page, "A quotation")).toHaveText("A quotation that breaks");
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe(typed);

  // Copying the whole text gives the Markdown, not what the screen draws.
  await page.keyboard.press("Control+a");
  const copied = await page.evaluate(() => {
    const data = new DataTransfer();
    document.querySelector(".cm-content[role=textbox]")!.dispatchEvent(new ClipboardEvent("copy", { clipboardData: data, bubbles: true, cancelable: true }));
    return data.getData("text/plain");
  });
  expect(copied).toBe(typed);
});

test("smart quotes are on by default: quotes curl and apostrophes turn as one types, and Ctrl+Z gives the straight one back", async ({ page }) => {
  const chapter = await newChapter(page.request, "");
  await page.goto(chapter.path);
  await expect(page.getByRole("button", { name: "Smart quotes" })).toHaveAttribute("aria-pressed", "true");
  await toEnd(page);
  await page.keyboard.type(`"Don't," she said. 'It's late.'`);
  await expect(editorText(page)).toHaveText(`“Don’t,” she said. ‘It’s late.’`);
  // Undo right after a curl: the straight quote, then nothing.
  await page.keyboard.type(` "`);
  await expect(editorText(page)).toHaveText(`“Don’t,” she said. ‘It’s late.’ “`);
  await page.keyboard.press("Control+z");
  await expect(editorText(page)).toHaveText(`“Don’t,” she said. ‘It’s late.’ "`);
  await page.keyboard.type("Yes");
  await expectSaved(page);
  expect((await stored(page.request, chapter)).content).toBe(`“Don’t,” she said. ‘It’s late.’ "Yes`);
});

test("a book in traditional Chinese keeps its quotes: smart quotes are off there unless asked for", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "第一章", content: "" }], "zh-Hant");
  await page.goto(chapter!.path);
  await expect(page.getByRole("button", { name: "Smart quotes" })).toHaveAttribute("aria-pressed", "false");
  await toEnd(page);
  await page.keyboard.type(`她說：「好」，"OK"`);
  await expectSaved(page);
  expect((await stored(page.request, chapter!)).content).toBe(`她說：「好」，"OK"`);
});

test("in focus mode the line being typed stays in the middle of the screen, above the status bar", async ({ page }) => {
  const chapter = await newChapter(page.request, Array.from({ length: 30 }, (_, i) => `Paragraph ${i + 1} of the chapter so far.`).join("\n\n"));
  await page.goto(chapter.path);
  await toEnd(page);
  await page.keyboard.press("Control+Shift+F");
  const bar = page.locator('section[aria-label="Chapter"] > div:has([data-testid="save-state"])');
  for (let n = 1; n <= 40; n++) await page.keyboard.type(`\nA new line, number ${n}.`);
  const viewport = page.viewportSize()!;
  const lineBox = async () => (await lineWith(page, "A new line, number 40.").boundingBox())!;
  // The middle band: the line's centre within the middle fifth of the screen.
  await expect.poll(async () => {
    const box = await lineBox();
    return (box.y + box.height / 2) / viewport.height;
  }).toBeGreaterThan(0.4);
  const box = await lineBox();
  expect((box.y + box.height / 2) / viewport.height).toBeLessThan(0.6);
  expect(box.y + box.height).toBeLessThan((await bar.boundingBox())!.y);
});

test("the status bar's text passes WCAG AA contrast, in focus mode too", async ({ page }) => {
  const chapter = await newChapter(page.request, "The tide came in.");
  await page.goto(chapter.path);
  const bar = 'section[aria-label="Chapter"] > div:has([data-testid="save-state"])';
  await expectSaved(page);
  expect(await axe(page, bar, ["color-contrast"])).toEqual([]);
  await editorText(page).click();
  await page.keyboard.press("Control+Shift+F");
  await expect(page.getByRole("navigation", { name: "Chapters" })).toBeHidden();
  // The pointer away from the bar, as while writing.
  await page.mouse.move(10, 10);
  await editorText(page).focus();
  expect(await axe(page, bar, ["color-contrast"])).toEqual([]);
});
