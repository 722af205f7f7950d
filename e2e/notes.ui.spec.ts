import { expect, test } from "./fixtures";
import { expectSaved, newChapter, stored, toEnd } from "./editor-support";

// Issue 17, items 3 and 4: a private note is drawn as a note and never counted; link targets are
// no words; a begun book's share of its target is "<1%", not "0%".

test("Ctrl+/ makes a line a note, drawn as a note and left out of the count", async ({ page }) => {
  const chapter = await newChapter(page.request, "She left. The door [closed](#link2HCH0001) behind her.");
  await page.goto(chapter.path);
  const count = page.getByText(/^[\d,]+ words?$/);
  await expect(count).toHaveText("7 words");

  await toEnd(page);
  await page.keyboard.press("Enter");
  await page.keyboard.type("Check the weather in chapter two");
  await page.keyboard.press("Control+/");
  await expectSaved(page);
  const saved = await stored(page.request, chapter);
  expect(saved.content).toBe("She left. The door [closed](#link2HCH0001) behind her.\n<!-- Check the weather in chapter two -->");
  expect(saved.wordCount).toBe(7);
  await expect(count).toHaveText("7 words");

  const note = page.locator(".cm-content .md-note");
  await expect(note).toHaveText("<!-- Check the weather in chapter two -->");
  const prose = page.locator(".cm-line", { hasText: "She left." });
  const look = async (locator: typeof note) => locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { font: style.fontFamily, background: style.backgroundColor, color: style.color };
  });
  const [noteLook, proseLook] = [await look(note), await look(prose)];
  expect(noteLook.font).not.toBe(proseLook.font);
  expect(noteLook.background).not.toBe(proseLook.background);
  await page.locator(".cm-editor").screenshot({ path: test.info().outputPath("note.png") });

  // Typed prose after the note counts again.
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type("A well-known end.");
  await expect(count).toHaveText("10 words");
});

test("a begun book's share of its target reads <1%, not 0%", async ({ page }) => {
  const created = await page.request.post("/api/v1/books", { data: { title: `Target ${Date.now()}`, targetWordCount: 85000 } });
  expect(created.status()).toBe(201);
  const bookId = (await created.json()).data.id as string;
  expect((await page.request.post(`/api/v1/books/${bookId}/chapters`, { data: { title: "One", content: "A beginning." } })).status()).toBe(201);
  await page.goto(`/books/${bookId}`);
  await expect(page.getByText("<1% of 85,000")).toBeVisible();
  await expect(page.getByText("0% of 85,000")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("book.png") });
});
