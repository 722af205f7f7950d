// Issue 36 item 3 (decision 0496): an owner and an editor, each in their own browser. The editor
// selects words in the reading view and suggests new ones; the owner sees the suggestion in the
// editor's text as a difference (struck through, underlined), accepts it, and the text and History
// show it, naming both; the editor's inbox says it was accepted.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorText, newBook, stored } from "./editor-support";
import { selectInReading, someoneElse } from "./support";

const TEXT = "The ferry left at dawn. Nobody waved from the pier, and the gulls kept their distance.";

const panel = (page: Page) => page.getByRole("region", { name: "Suggestions" });
const suggestionOn = (page: Page, words: string) => panel(page).getByRole("article", { name: `Suggestion on “${words}”` });

test("an editor suggests in the reading view; the owner sees the difference in the text, accepts it, and History names both", async ({ page, browser, baseURL }) => {
  const [chapter] = await newBook(page.request, [{ title: "Harbour", content: TEXT }]);
  const editor = await someoneElse(browser, baseURL, "suggest-editor");
  const added = await page.request.post(`/api/v1/books/${chapter!.bookId}/members`, { data: { email: editor.writer.email, role: "editor" } });
  expect(added.status(), await added.text()).toBe(201);

  // The editor selects words and suggests others; the text stays as it was.
  await editor.page.goto(chapter!.path);
  await expect(panel(editor.page)).toBeVisible();
  await selectInReading(editor.page, "Nobody waved");
  await editor.page.getByRole("button", { name: "Suggest an edit" }).click();
  await expect(panel(editor.page).locator("blockquote")).toHaveText("Nobody waved");
  await editor.page.getByLabel("Replace with").fill("Nobody cheered");
  await editor.page.getByRole("button", { name: "Suggest", exact: true }).click();
  const suggested = suggestionOn(editor.page, "Nobody waved");
  // Word by word: only what changes is struck through and underlined.
  await expect(suggested.locator("del")).toHaveText("waved");
  await expect(suggested.locator("ins")).toHaveText("cheered");
  // An editor neither accepts nor rejects.
  await expect(suggested.getByRole("button", { name: "Accept" })).toHaveCount(0);
  await editor.page.screenshot({ path: "test-results/suggestions-reading-view.png", fullPage: true });

  // The owner's editor draws it in the text: the words struck through, the new ones underlined after them.
  await page.goto(chapter!.path);
  await page.getByRole("button", { name: "Suggestions (1)" }).click();
  await expect(page.locator(".suggestion-del")).toHaveText("Nobody waved");
  await expect(page.locator(".suggestion-ins")).toHaveText("Nobody cheered");
  await page.screenshot({ path: "test-results/suggestions-editor.png", fullPage: true });

  await suggestionOn(page, "Nobody waved").getByRole("button", { name: "Accept" }).click();
  await expect(panel(page).getByRole("status")).toHaveText(/Accepted/);
  await expect(editorText(page)).toContainText("Nobody cheered from the pier");
  await expect(page.locator(".suggestion-del")).toHaveCount(0);
  expect((await stored(page.request, chapter!)).content).toBe(TEXT.replace("Nobody waved", "Nobody cheered"));

  // History: the new version says whose suggestion it was, and who accepted it.
  await page.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("dialog", { name: "History" })).toContainText(`Accepted ${editor.writer.name}’s suggestion`);
  await page.screenshot({ path: "test-results/suggestions-history.png", fullPage: true });

  await page.keyboard.press("Escape");

  // Two more from the editor (over the API, in their session); Accept all takes both in one version.
  const now = TEXT.replace("Nobody waved", "Nobody cheered");
  for (const [words, replacement] of [
    ["ferry", "boat"],
    ["the gulls", "the herring gulls"],
  ] as const) {
    const start = now.indexOf(words);
    const made = await editor.page.request.post(`/api/v1/books/${chapter!.bookId}/chapters/${chapter!.chapterId}/suggestions`, { data: { start, end: start + words.length, replacement } });
    expect(made.status(), await made.text()).toBe(201);
  }
  await page.reload();
  await expect(page.locator(".suggestion-del")).toHaveCount(2);
  await page.getByRole("button", { name: "Suggestions (2)" }).click();
  await panel(page).getByRole("button", { name: "Accept all" }).click();
  await expect(editorText(page)).toContainText("The boat left at dawn. Nobody cheered from the pier, and the herring gulls kept their distance.");
  await expect(page.locator(".suggestion-del")).toHaveCount(0);
  expect((await stored(page.request, chapter!)).version).toBe(3);

  // The editor's inbox says it was accepted.
  await editor.page.goto("/inbox");
  const told = editor.page.getByRole("listitem").filter({ hasText: "accepted your suggestion" });
  await expect(told.first()).toBeVisible();
  await expect(told).toHaveCount(3);
  await editor.page.screenshot({ path: "test-results/suggestions-inbox.png", fullPage: true });
  await editor.close();
});
