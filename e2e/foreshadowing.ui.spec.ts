// Issue 35 item 3 (decision 0501): the foreshadowing board — plant one from the page by keyboard,
// pay another off, and see one flagged overdue once the book is written through its deadline; the
// book page counts the overdue ones.
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { editorText } from "./editor-support";

async function bookWithChapters(page: Page, title: string, chapterTitles: string[]): Promise<{ id: string; chapters: string[] }> {
  const made = await page.request.post("/api/v1/books", { data: { title, language: "zh" } });
  const id = (await made.json()).data.id as string;
  const chapters: string[] = [];
  for (const chapter of chapterTitles) {
    const response = await page.request.post(`/api/v1/books/${id}/chapters`, { data: { title: chapter, content: `${chapter}的正文。` } });
    expect(response.status()).toBe(201);
    chapters.push((await response.json()).data.id);
  }
  return { id, chapters };
}

const column = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });

test("a writer plants foreshadowing on the board, pays one off, and sees one flagged overdue once the book grows past its deadline", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { id, chapters } = await bookWithChapters(page, `诛仙 ${Date.now()}`, ["第一章 青云", "第二章 拜师", "第三章 下山"]);
  // One planted through the API, due by chapter 4, which is not written yet.
  const planted = await page.request.post(`/api/v1/books/${id}/foreshadowings`, { data: { title: "噬魂棒的来历", setup: { chapterId: chapters[0], start: 0, end: 3, quote: "第一章" }, deadline: { chapterNumber: 4 } } });
  expect(planted.status()).toBe(201);

  await page.goto(`/books/${id}/foreshadowing`);
  await expect(page.getByRole("heading", { name: "Foreshadowing", level: 1 })).toBeVisible();
  const card = column(page, "Open").getByRole("listitem", { name: "噬魂棒的来历" });
  await expect(card).toContainText("1 chapter left");
  await expect(card).toContainText("Ch. 4 (not yet written)");
  await expect(card.getByRole("link", { name: "Ch. 1 第一章 青云" })).toHaveAttribute("href", `/books/${id}/chapters/${chapters[0]}?at=0&len=3`);

  // Plant one from the page, by keyboard alone.
  await page.getByRole("button", { name: "Plant foreshadowing" }).focus();
  await page.keyboard.press("Enter");
  await page.keyboard.type("师父的秘密");
  await page.getByLabel("Planted in").selectOption({ label: "2. 第二章 拜师" });
  await page.getByLabel("Pay off by chapter (number, written or not)").fill("300");
  await page.getByLabel("Pay off by chapter (number, written or not)").press("Enter");
  const secret = column(page, "Open").getByRole("listitem", { name: "师父的秘密" });
  await expect(secret).toContainText("297 chapters left");

  // Pay it off in chapter 3.
  await secret.getByRole("button", { name: "Pay off…" }).click();
  await secret.getByLabel("Paid off in").selectOption({ label: "3. 第三章 下山" });
  await secret.getByRole("button", { name: "Paid off here" }).click();
  const paid = column(page, "Paid off").getByRole("listitem", { name: "师父的秘密" });
  await expect(paid).toContainText("Ch. 2 第二章 拜师 → Ch. 3 第三章 下山");
  await expect(column(page, "Open").getByRole("listitem", { name: "师父的秘密" })).toHaveCount(0);

  // The book grows: chapter 4 is written, so the first one is overdue, on the board and the book page.
  expect((await page.request.post(`/api/v1/books/${id}/chapters`, { data: { title: "第四章 风雨", content: "风雨欲来。" } })).status()).toBe(201);
  await page.reload();
  const late = column(page, "Overdue").getByRole("listitem", { name: "噬魂棒的来历" });
  await expect(late).toContainText("Overdue: the book is written through its deadline");
  await expect(late).toContainText("by Ch. 4 第四章 风雨");
  await page.screenshot({ path: "test-results/foreshadowing-board.png", fullPage: true });

  // Drop it on purpose: no longer overdue.
  await late.getByRole("button", { name: "Drop" }).click();
  await expect(column(page, "Dropped").getByRole("listitem", { name: "噬魂棒的来历" })).toBeVisible();
  await expect(column(page, "Overdue").getByRole("listitem")).toHaveCount(0);
  await late.waitFor({ state: "detached" });
  await column(page, "Dropped").getByRole("button", { name: "Reopen" }).click();
  await expect(column(page, "Overdue").getByRole("listitem", { name: "噬魂棒的来历" })).toBeVisible();

  await page.goto(`/books/${id}`);
  await expect(page.getByRole("link", { name: "Foreshadowing · 1 overdue" })).toBeVisible();
  await page.screenshot({ path: "test-results/foreshadowing-book-page.png" });
});

test("words selected in the chapter editor plant a foreshadowing at them, and the card links back to them", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { id, chapters } = await bookWithChapters(page, `剑来 ${Date.now()}`, ["第一章 惊蛰"]);
  await page.goto(`/books/${id}/chapters/${chapters[0]}`);
  await editorText(page).click();
  await page.keyboard.press("Control+Home");
  // The text is "第一章 惊蛰的正文。": select 正文.
  for (let i = 0; i < "第一章 惊蛰的".length; i++) await page.keyboard.press("ArrowRight");
  for (let i = 0; i < "正文".length; i++) await page.keyboard.press("Shift+ArrowRight");
  await page.screenshot({ path: "test-results/foreshadowing-editor-selection.png" });
  await page.getByRole("button", { name: "Foreshadowing…" }).click();

  await expect(page).toHaveURL(new RegExp(`/books/${id}/foreshadowing\\?`));
  await expect(page.getByRole("status").filter({ hasText: "Selected in Ch. 1 第一章 惊蛰" })).toContainText("正文");
  await page.getByLabel("Title", { exact: true }).fill("正文里的伏笔");
  await page.getByRole("button", { name: "Plant", exact: true }).click();
  const card = column(page, "Open").getByRole("listitem", { name: "正文里的伏笔" });
  await expect(card.locator("blockquote")).toHaveText("正文");
  await expect(card.getByRole("link", { name: "Ch. 1 第一章 惊蛰" })).toHaveAttribute("href", `/books/${id}/chapters/${chapters[0]}?at=7&len=2`);
  await page.screenshot({ path: "test-results/foreshadowing-from-editor.png", fullPage: true });
});
