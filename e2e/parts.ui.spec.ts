// Issue 35 item 1: parts (卷) on the book page — add, rename and delete a part, move chapters into
// and out of parts with each chapter's Part menu; the list shows the chapters under their parts.
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

async function bookWithChapters(page: Page, title: string, chapterTitles: string[]): Promise<string> {
  const made = await page.request.post("/api/v1/books", { data: { title, language: "zh" } });
  const id = (await made.json()).data.id as string;
  for (const chapter of chapterTitles) {
    const response = await page.request.post(`/api/v1/books/${id}/chapters`, { data: { title: chapter, content: `${chapter}的正文。` } });
    expect(response.status()).toBe(201);
  }
  return id;
}

async function contents(page: Page, id: string): Promise<unknown[]> {
  const body = await (await page.request.get(`/api/v1/books/${id}/contents`)).json();
  return body.data.entries.map((e: { type: string; part?: { title: string }; chapters?: { title: string }[]; chapter?: { title: string } }) =>
    e.type === "part" ? [e.part!.title, e.chapters!.map((c) => c.title)] : e.chapter!.title,
  );
}

const chapterList = (page: Page) => page.getByRole("list", { name: "Chapters" });

test("a writer groups chapters into parts on the book page, renames and deletes a part, and the book keeps every chapter", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const id = await bookWithChapters(page, `青云志 ${Date.now()}`, ["楔子", "第一章 雪夜", "第二章 拜师", "第三章 归途"]);
  await page.goto(`/books/${id}`);
  // A book without parts shows none, and no Part menu.
  await expect(chapterList(page).getByRole("heading")).toHaveCount(0);
  await expect(page.getByRole("combobox", { name: /^Part of/ })).toHaveCount(0);

  await page.getByLabel("New part").fill("第一卷");
  await page.getByRole("button", { name: "Add part" }).click();
  await expect(chapterList(page).getByRole("heading", { name: "第一卷" })).toBeVisible();
  await expect(chapterList(page).getByText("No chapters yet")).toBeVisible();

  // The empty part comes to the first chapter moved into it; the next joins it at its end.
  await page.getByRole("combobox", { name: "Part of “第一章 雪夜”" }).selectOption({ label: "第一卷" });
  await expect(page.getByRole("combobox", { name: "Part of “第一章 雪夜”" })).toHaveValue(/.+/);
  await page.getByRole("combobox", { name: "Part of “第二章 拜师”" }).selectOption({ label: "第一卷" });
  await expect.poll(() => contents(page, id)).toEqual(["楔子", ["第一卷", ["第一章 雪夜", "第二章 拜师"]], "第三章 归途"]);

  await page.getByLabel("New part").fill("第二卷");
  await page.getByRole("button", { name: "Add part" }).click();
  await expect(chapterList(page).getByRole("heading", { name: "第二卷" })).toBeVisible();
  await page.getByRole("combobox", { name: "Part of “第三章 归途”" }).selectOption({ label: "第二卷" });
  await expect.poll(() => contents(page, id)).toEqual(["楔子", ["第一卷", ["第一章 雪夜", "第二章 拜师"]], ["第二卷", ["第三章 归途"]]]);

  // Rename in place, by keyboard.
  await page.getByRole("button", { name: "Rename the part “第一卷”" }).click();
  await page.getByLabel("New title for the part “第一卷”").fill("第一卷 入山");
  await page.keyboard.press("Enter");
  await expect(chapterList(page).getByRole("heading", { name: "第一卷 入山" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Rename the part “第一卷 入山”" })).toBeFocused();

  // The list reads in order: the part headings above their chapters.
  const rows = chapterList(page).locator(":scope > li");
  await expect(rows).toHaveText([/楔子/, /第一卷 入山/, /第一章 雪夜/, /第二章 拜师/, /第二卷/, /第三章 归途/]);
  await page.screenshot({ path: "test-results/parts-book-page.png", fullPage: true });

  // Out of a part again.
  await page.getByRole("combobox", { name: "Part of “第二章 拜师”" }).selectOption({ label: "No part" });
  await expect.poll(() => contents(page, id)).toEqual(["楔子", ["第一卷 入山", ["第一章 雪夜"]], "第二章 拜师", ["第二卷", ["第三章 归途"]]]);

  // Deleting a part keeps its chapters.
  await page.getByRole("button", { name: "Delete the part “第二卷”" }).click();
  await expect(page.getByText("The part “第二卷” is deleted; its chapters stay in the book.")).toBeVisible();
  await expect(chapterList(page).getByRole("heading", { name: "第二卷" })).toHaveCount(0);
  await page.reload();
  await expect(chapterList(page).getByRole("link")).toHaveText(["楔子", "第一章 雪夜", "第二章 拜师", "第三章 归途"]);
  await expect.poll(() => contents(page, id)).toEqual(["楔子", ["第一卷 入山", ["第一章 雪夜"]], "第二章 拜师", "第三章 归途"]);
});

test("a chapter dragged by keyboard onto a place in a part joins that part", async ({ page }) => {
  const id = await bookWithChapters(page, `Dragged ${Date.now()}`, ["One", "Two", "Three"]);
  const part = (await (await page.request.post(`/api/v1/books/${id}/parts`, { data: { title: "Part One" } })).json()).data;
  const read = (await (await page.request.get(`/api/v1/books/${id}/contents`)).json()).data;
  const [one, two, three] = read.entries.filter((e: { type: string }) => e.type === "chapter").map((e: { chapter: { id: string } }) => e.chapter.id);
  const put = await page.request.put(`/api/v1/books/${id}/contents`, {
    data: { orderVersion: read.orderVersion, entries: [{ partId: part.id, chapterIds: [one, two] }, { chapterId: three }] },
  });
  expect(put.status()).toBe(201);
  await page.goto(`/books/${id}`);
  const heard = page.locator("[id^=DndLiveRegion]");
  const handle = page.getByRole("button", { name: "Move “Three”" });
  await expect(handle).toBeEnabled();
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(heard).toContainText("Picked up “Three”");
  await page.keyboard.press("ArrowUp");
  await expect(heard).toContainText("moved to place 2 of 3");
  await page.keyboard.press("Space");
  await expect.poll(() => contents(page, id)).toEqual([["Part One", ["One", "Three", "Two"]]]);
  await page.reload();
  await expect(chapterList(page).getByRole("link")).toHaveText(["One", "Three", "Two"]);
});

test("the import preview names each part above its first chapter, and the book is made with its parts", async ({ page }) => {
  const title = `Two Parts ${Date.now()}`;
  await page.goto("/books");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import a manuscript" });
  const manuscript = "Prologue\nThe sea was calm.\nPart One: Spring\nChapter 1\nRain fell.\nChapter 2\nThe sun came out.\nPart Two: Autumn\nChapter 3\nLeaves.\n";
  await dialog.getByLabel("Manuscript").setInputFiles({ name: "parts.txt", mimeType: "text/plain", buffer: Buffer.from(manuscript) });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByRole("button", { name: "Preview chapters" }).click();
  await expect(dialog.getByRole("heading", { name: "4 chapters in 2 parts, 11 words" })).toBeVisible();
  await expect(dialog.getByRole("list", { name: "Chapters this import makes" }).getByRole("listitem")).toHaveText([
    "Prologue — 4 words",
    "Part: Part One: SpringChapter 1 — 2 words",
    "Chapter 2 — 4 words",
    "Part: Part Two: AutumnChapter 3 — 1 word",
  ]);
  await dialog.screenshot({ path: "test-results/parts-import-preview.png" });
  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);
  await expect(chapterList(page).getByRole("heading")).toHaveText(["Part One: Spring", "Part Two: Autumn"]);
  await expect(chapterList(page).getByRole("link")).toHaveText(["Prologue", "Chapter 1", "Chapter 2", "Chapter 3"]);
  await page.getByRole("region", { name: "Chapters" }).screenshot({ path: "test-results/parts-imported-book.png" });
});
