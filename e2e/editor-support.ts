import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";

export interface ChapterAt {
  bookId: string;
  chapterId: string;
  /** the editor page */
  path: string;
  /** the chapter in the REST API */
  api: string;
}

/** A new book with chapters made over the REST API (the browser's session authenticates `request`); `language` its BCP 47 tag. */
export async function newBook(request: APIRequestContext, chapters: { title: string; content: string }[], language?: string): Promise<ChapterAt[]> {
  const book = await request.post("/api/v1/books", { data: { title: `Editor test ${Date.now()}`, ...(language ? { language } : {}) } });
  expect(book.status(), await book.text()).toBe(201);
  const bookId = (await book.json()).data.id as string;
  const made: ChapterAt[] = [];
  for (const chapter of chapters) {
    const response = await request.post(`/api/v1/books/${bookId}/chapters`, { data: chapter });
    expect(response.status(), await response.text()).toBe(201);
    const chapterId = (await response.json()).data.id as string;
    made.push({ bookId, chapterId, path: `/books/${bookId}/chapters/${chapterId}`, api: `/api/v1/books/${bookId}/chapters/${chapterId}` });
  }
  return made;
}

export const newChapter = async (request: APIRequestContext, content: string, title = "Chapter One") =>
  (await newBook(request, [{ title, content }]))[0]!;

/** The chapter as the server holds it now. */
export async function stored(request: APIRequestContext, chapter: ChapterAt): Promise<{ content: string; title: string; version: number; wordCount: number }> {
  const response = await request.get(chapter.api);
  expect(response.status()).toBe(200);
  return (await response.json()).data;
}

export const editorText = (page: Page) => page.getByRole("textbox", { name: /^Text of/ });
export const saveState = (page: Page) => page.getByTestId("save-state");

/** The editor's whole text, as CodeMirror holds it (what a save sends). */
export const textInEditor = (page: Page) =>
  page.evaluate(() => {
    const lines = [...document.querySelectorAll(".cm-content .cm-line")].map((line) => line.textContent ?? "");
    return lines.join("\n");
  });

/** Puts the caret at the end of the text. */
export async function toEnd(page: Page): Promise<void> {
  await editorText(page).click();
  await page.keyboard.press("Control+End");
}

/** Pastes text into the editor as the clipboard would (a paste event with text/plain). */
export async function paste(page: Page, text: string): Promise<void> {
  await editorText(page).focus();
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    document.querySelector(".cm-content")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

export async function expectSaved(page: Page, timeout = 10_000): Promise<void> {
  await expect(saveState(page)).toHaveText("Saved", { timeout });
}

/** The texts of the drafts this browser keeps in IndexedDB. */
export const draftsInBrowser = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open("inkstone-drafts");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const all = opening.result.transaction("drafts").objectStore("drafts").getAll();
          all.onsuccess = () => resolve((all.result as { content: string }[]).map((draft) => draft.content));
          all.onerror = () => reject(all.error);
        };
      }),
  );

/**
 * Runs `leave` (a reload, a closed tab) with the session cookie narrowed to the pages under
 * /books, so the API refuses (401) every request the browser sends meanwhile. The save a page
 * sends with keepalive as it unloads escapes Playwright's routes; were it to land, the text after
 * a reload could be the server's rather than the draft kept in IndexedDB. Pages still load.
 */
export async function withoutApiSession<T>(context: BrowserContext, leave: () => Promise<T>): Promise<T> {
  const cookies = await context.cookies();
  await context.clearCookies();
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, path: "/books" })));
  try {
    return await leave();
  } finally {
    await context.clearCookies();
    await context.addCookies(cookies);
  }
}
