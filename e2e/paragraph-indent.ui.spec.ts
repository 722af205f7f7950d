import { expect, test } from "./fixtures";
import { editorText, expectSaved, newBook, stored } from "./editor-support";

// Issue 32 items 2 and 3 (decision 0491) in the browser: 段首缩进 typed as the issue typed it,
// once with the keyboard and once through an input method's composition, stores no staircase and
// no indent; the book's indent is drawn; the count is 字数 with punctuation; the book's details
// switch the rule and the chapter list recounts.

test("typing 　　第一段。 Enter 　　第二段。 stores plain paragraphs, drawn two characters in, counted with their punctuation", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "第一回", content: "" }], "zh");
  await page.goto(chapter!.path);
  await editorText(page).click();

  // Exactly the sequence, from the keyboard.
  await page.keyboard.type("　　第一段。");
  await page.keyboard.press("Enter");
  await page.keyboard.type("　　第二段。");
  await page.keyboard.press("Enter");
  // The third through an input method: the full-width spaces typed, the words composed (pinyin
  // shown as the composition, then committed), the full stop typed.
  await page.keyboard.type("　　");
  const ime = await page.context().newCDPSession(page);
  await ime.send("Input.imeSetComposition", { text: "di", selectionStart: 2, selectionEnd: 2 });
  await ime.send("Input.imeSetComposition", { text: "disan", selectionStart: 5, selectionEnd: 5 });
  await ime.send("Input.imeSetComposition", { text: "第三段", selectionStart: 3, selectionEnd: 3 });
  await ime.send("Input.insertText", { text: "第三段" });
  await page.keyboard.type("。");
  await expectSaved(page);

  const saved = await stored(page.request, chapter!);
  expect(saved.content).toBe("第一段。\n第二段。\n第三段。");
  // 第一段 第二段 第三段: nine characters; three full stops.
  expect(saved.wordCount).toBe(12);
  await expect(page.getByText(/^[\d,]+ characters$/)).toHaveText("12 characters");

  // The indent is the book's, drawn on every paragraph: two characters of the editor's font.
  const indents = await page.locator(".cm-content .cm-line").evaluateAll((lines) =>
    lines.map((line) => {
      const style = getComputedStyle(line);
      return Number.parseFloat(style.textIndent) / Number.parseFloat(style.fontSize);
    }),
  );
  expect(indents).toEqual([2, 2, 2]);
  await page.screenshot({ path: "test-results/paragraph-indent-editor.png" });

  // The book's details: characters without punctuation recounts the book at once.
  await page.goto(`/books/${chapter!.bookId}`);
  await page.getByRole("button", { name: "Edit details" }).click();
  const details = page.getByRole("dialog", { name: "Book details" });
  await expect(details.getByLabel("Count")).toHaveValue("characters");
  await expect(details.getByLabel("Paragraph indent")).toHaveValue("fullWidth");
  await details.getByLabel("Count").selectOption("charactersWithoutPunctuation");
  await details.getByLabel("Paragraph indent").selectOption("none");
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details).toBeHidden();
  expect((await stored(page.request, chapter!)).wordCount).toBe(9);
  await expect(page.getByRole("list", { name: "Chapters" })).toContainText("9 characters");

  await page.goto(chapter!.path);
  await expect(page.locator(".cm-content .cm-line").first()).toHaveCSS("text-indent", "0px");
});
