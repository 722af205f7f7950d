import type { APIRequestContext, CDPSession, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorText, expectSaved, newBook, saveState, stored, textInEditor, type ChapterAt } from "./editor-support";

// Issue 32 item 9 (decision 0513): typing Chinese through an input method. A composition (pinyin
// shown in the text until a candidate is chosen) is never saved or counted half-way, however long
// it is held; its commit is. The marks Chinese shares with English are drawn full-width.

/** An input method on the page, driven as Chromium's own IME pipeline is (compositionstart…compositionend). */
async function inputMethod(page: Page): Promise<{ compose(pinyin: string): Promise<void>; commit(text: string): Promise<void>; session: CDPSession }> {
  const session = await page.context().newCDPSession(page);
  return {
    session,
    compose: async (pinyin) => void (await session.send("Input.imeSetComposition", { text: pinyin, selectionStart: pinyin.length, selectionEnd: pinyin.length })),
    commit: async (text) => void (await session.send("Input.insertText", { text })),
  };
}

/** Every text the chapter has held on the server, oldest first. */
async function history(request: APIRequestContext, chapter: ChapterAt): Promise<string[]> {
  const listed = await request.get(`${chapter.api}/revisions?per_page=100&sortby=version&order=asc`);
  expect(listed.status()).toBe(200);
  const versions = ((await listed.json()).data as { version: number }[]).map((revision) => revision.version);
  return Promise.all(versions.map(async (version) => (await (await request.get(`${chapter.api}/revisions/${version}`)).json()).data.content as string));
}

const count = (page: Page) => page.getByText(/^[\d,]+ characters$/);

test("a composition held past the autosave is neither saved nor counted; its commit is saved", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "第一回", content: "" }], "zh");
  // The page's clock: the autosave's delays pass when the test says, and only then.
  await page.clock.install();
  await page.goto(chapter!.path);
  await editorText(page).click();
  await page.keyboard.type("他说：");
  await page.clock.runFor(2_000);
  await expectSaved(page);
  const before = await stored(page.request, chapter!);
  expect(before.content).toBe("他说：");

  const ime = await inputMethod(page);
  await ime.compose("n");
  await ime.compose("ni'h");
  await ime.compose("ni'hao");
  await expect.poll(() => textInEditor(page)).toBe("他说：ni'hao");
  // Held longer than the pause before a save (1.2 s) and the longest wait while typing (10 s).
  await page.clock.runFor(15_000);
  await expect(saveState(page)).toHaveText("Saved");
  // 他说： is three characters; the pinyin is no word.
  await expect(count(page)).toHaveText("3 characters");
  expect(await stored(page.request, chapter!)).toMatchObject({ content: "他说：", version: before.version });

  await ime.commit("你好");
  await expect.poll(() => textInEditor(page)).toBe("他说：你好");
  await page.clock.runFor(2_000);
  await expectSaved(page);
  await expect(count(page)).toHaveText("5 characters");
  const after = await stored(page.request, chapter!);
  expect(after).toMatchObject({ content: "他说：你好", wordCount: 5, version: before.version + 1 });
  // Nothing half-composed ever reached the server: no version of the chapter holds the pinyin.
  const texts = await history(page.request, chapter!);
  expect(texts.filter((text) => /[a-z]/.test(text))).toEqual([]);
  expect(texts).toEqual(expect.arrayContaining(["他说：", "他说：你好"]));
});

test("a page left while composing saves the text typed before the composition, and none of it", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "第二回", content: "第一段。" }], "zh");
  await page.clock.install();
  await page.goto(chapter!.path);
  await editorText(page).click();
  await page.keyboard.press("Control+End");
  // Paused: what is typed now waits for the autosave, which does not come before the page is left.
  await page.clock.pauseAt(Date.now() + 60_000);
  await page.keyboard.type("他说：");
  const ime = await inputMethod(page);
  await ime.compose("zai'jian");
  await expect.poll(() => textInEditor(page)).toBe("第一段。他说：zai'jian");
  expect((await stored(page.request, chapter!)).content).toBe("第一段。");

  // The tab is closed (or hidden) with the composition still open: a composition that never ends.
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false })));
  await expect.poll(async () => (await stored(page.request, chapter!)).content).toBe("第一段。他说：");
  expect((await history(page.request, chapter!)).filter((text) => /[a-z]/.test(text))).toEqual([]);
});

test("“ ” ‘ ’ … — are drawn full-width with a CJK face in a Chinese chapter, and Latin-shaped in an English one", async ({ page }) => {
  const line = "他说：“你好，‘朋友’。”……——";
  const [chinese] = await newBook(page.request, [{ title: "第三回", content: line }], "zh");
  const [english] = await newBook(page.request, [{ title: "Chapter Three", content: "He said: “Hello, ‘friend’.”……——" }], "en");

  /** The width of each mark in the editor's first line, in ems of its font. */
  const widths = (page: Page) =>
    page.evaluate(async (marks) => {
      await document.fonts.ready;
      const line = document.querySelector(".cm-content .cm-line")!;
      const em = Number.parseFloat(getComputedStyle(line).fontSize);
      const text = document.createTreeWalker(line, NodeFilter.SHOW_TEXT);
      const found: Record<string, number> = {};
      for (let node = text.nextNode(); node; node = text.nextNode()) {
        for (const mark of marks) {
          const at = node.textContent!.indexOf(mark);
          if (at < 0 || mark in found) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          found[mark] = Math.round((range.getBoundingClientRect().width / em) * 100) / 100;
        }
      }
      return found;
    }, ["“", "”", "‘", "’", "…", "—"]);

  await page.goto(chinese!.path);
  await expect(editorText(page)).toContainText("你好");
  const inChinese = await widths(page);
  for (const mark of ["“", "”", "‘", "’", "…", "—"]) expect(inChinese[mark], mark).toBeGreaterThanOrEqual(0.9);
  await page.screenshot({ path: "test-results/typing-chinese-marks.png" });

  await page.goto(english!.path);
  await expect(editorText(page)).toContainText("Hello");
  const inEnglish = await widths(page);
  expect(inEnglish["“"]).toBeLessThan(0.7);
});
