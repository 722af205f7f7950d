import { expect, test } from "./fixtures";
import type { Locator, Page } from "@playwright/test";

// Issue 17 item 5: a book's language reaches its pages, its new chapters' names and its counts.

async function newBook(page: Page, title: string, language: string): Promise<string> {
  const made = await page.request.post("/api/v1/books", { data: { title, language } });
  expect(made.status(), await made.text()).toBe(201);
  return (await made.json()).data.id as string;
}

/** The language the browser shapes an element's text in: its nearest `lang`. */
const languageOf = (element: Locator) => element.evaluate((el) => el.closest("[lang]")?.getAttribute("lang"));
const chapterList = (page: Page) => page.getByRole("list", { name: "Chapters" });

test("a Chinese book looks Chinese: its language on the book page and in the editor, 第N章, and characters counted", async ({ page }) => {
  const id = await newBook(page, "长夜", "zh-Hans");
  // The API names an untitled chapter as the page does (the REST and tRPC paths share the use case).
  const first = await page.request.post(`/api/v1/books/${id}/chapters`, { data: { content: "天色已晚。他还在等。" } });
  expect((await first.json()).data.title).toBe("第1章");

  await page.goto(`/books/${id}`);
  expect(await languageOf(page.getByRole("heading", { level: 1 }))).toBe("zh-Hans");
  expect(await languageOf(chapterList(page).getByRole("link", { name: "第1章" }))).toBe("zh-Hans");
  // The interface around the book stays in its own language.
  expect(await languageOf(page.getByRole("heading", { name: "Chapters" }))).toBe("en");
  await expect(page.getByLabel("New chapter")).toHaveAttribute("placeholder", "第2章");
  // Counted as 起点 and Word count (decision 0491): each Han character and each full-width mark.
  await expect(chapterList(page).getByRole("listitem").first()).toContainText("10 characters");
  await expect(page.getByRole("complementary", { name: "Progress and tools" })).toContainText("10 characters");

  await page.getByRole("button", { name: "Add chapter" }).click();
  await expect(chapterList(page).getByRole("link")).toHaveText(["第1章", "第2章"]);

  await chapterList(page).getByRole("link", { name: "第1章" }).click();
  const text = page.getByRole("textbox", { name: /^Text of/ });
  await expect(text).toContainText("天色已晚");
  expect(await languageOf(text)).toBe("zh-Hans");
  expect(await languageOf(page.getByLabel("Chapter title"))).toBe("zh-Hans");
  // A Simplified Chinese face leads the stack, before the browser's own pick for Han characters.
  expect(await text.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/Noto Serif CJK SC/);
  await expect(page.getByText("10 characters", { exact: true })).toBeVisible();
});

test("an English book keeps Chapter N, words, and English on its text", async ({ page }) => {
  const id = await newBook(page, `Long Night ${Date.now()}`, "en-GB");
  await page.goto(`/books/${id}`);
  await expect(page.getByLabel("New chapter")).toHaveAttribute("placeholder", "Chapter 1");
  await page.getByRole("button", { name: "Add chapter" }).click();
  await expect(chapterList(page).getByRole("link")).toHaveText(["Chapter 1"]);
  await expect(chapterList(page).getByRole("listitem").first()).toContainText("0 words");
  expect(await languageOf(page.getByRole("heading", { level: 1 }))).toBe("en-GB");
  expect(await page.getByRole("heading", { level: 1 }).evaluate((el) => getComputedStyle(el).fontFamily)).not.toMatch(/CJK/);
});

test("a Chinese book's History and conflict dialogs count characters, as the rest of its pages do", async ({ page }) => {
  const id = await newBook(page, "长夜", "zh-Hans");
  const made = await page.request.post(`/api/v1/books/${id}/chapters`, { data: { content: "天色已晚。" } });
  const chapter = (await made.json()).data as { id: string; version: number };
  await page.goto(`/books/${id}/chapters/${chapter.id}`);
  const text = page.getByRole("textbox", { name: /^Text of/ });
  await expect(text).toContainText("天色已晚");

  await page.getByRole("button", { name: "History" }).click();
  const versions = page.getByRole("list", { name: "Versions" });
  await expect(versions.getByRole("listitem").first()).toContainText("5 characters");
  await expect(versions).not.toContainText("words");
  await page.keyboard.press("Escape");

  // Saved elsewhere meanwhile: this tab's next save meets it as a conflict.
  const elsewhere = await page.request.patch(`/api/v1/books/${id}/chapters/${chapter.id}`, { data: { version: chapter.version, content: "天色已晚。他还在等。" } });
  expect(elsewhere.status(), await elsewhere.text()).toBe(201);
  await text.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("夜深了。");
  const conflict = page.getByRole("dialog", { name: "This chapter was changed somewhere else" });
  await expect(conflict).toContainText("Yours: 9 characters · The other: 10 characters.");
});
