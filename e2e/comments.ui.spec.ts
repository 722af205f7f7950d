// Issue 36 item 2 (decision 0492): an owner and an editor, each in their own browser. The editor
// comments on words in the reading view; the owner sees them marked in the editor, opens the
// thread from its mark, replies, types above the words (the mark follows), resolves; the owner
// comments with the keyboard; the book's list finds the resolved thread; the editor's inbox has the reply.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorText, expectSaved, newBook } from "./editor-support";
import { selectInReading, someoneElse } from "./support";

const TEXT = "The ferry left at dawn. Nobody waved from the pier, and the gulls kept their distance.";

const panel = (page: Page) => page.getByRole("region", { name: "Comments" });
const threadOn = (page: Page, words: string) => panel(page).getByRole("article", { name: `Comment on “${words}”` });

test("an editor comments in the reading view; the owner replies from the mark, the mark follows typing, resolving hides it", async ({ page, browser, baseURL }) => {
  const [chapter] = await newBook(page.request, [{ title: "Harbour", content: TEXT }]);
  const editor = await someoneElse(browser, baseURL, "comment-editor");
  const added = await page.request.post(`/api/v1/books/${chapter!.bookId}/members`, { data: { email: editor.writer.email, role: "editor" } });
  expect(added.status(), await added.text()).toBe(201);

  // The editor reads the chapter, selects words and comments on them.
  await editor.page.goto(chapter!.path);
  await expect(panel(editor.page)).toBeVisible();
  await selectInReading(editor.page, "Nobody waved");
  await editor.page.getByRole("button", { name: "Comment on the selection" }).click();
  await editor.page.getByLabel("Your comment").fill("Why not? @" + editor.writer.name);
  await editor.page.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(threadOn(editor.page, "Nobody waved")).toContainText("Why not?");
  await editor.page.screenshot({ path: "test-results/comments-reading-view.png", fullPage: true });

  // The owner's editor marks the words; a click on the mark opens the thread.
  await page.goto(chapter!.path);
  await page.getByRole("button", { name: "Comments (1)" }).click();
  const mark = page.locator(".comment-mark");
  await expect(mark).toHaveText("Nobody waved");
  await mark.click();
  await expect(threadOn(page, "Nobody waved")).toHaveAttribute("data-active", "true");
  await threadOn(page, "Nobody waved").getByLabel("Reply").fill("They were asleep.");
  await threadOn(page, "Nobody waved").getByRole("button", { name: "Reply" }).click();
  await expect(threadOn(page, "Nobody waved")).toContainText("They were asleep.");

  // Typing above the words moves the mark with them, in the editor and, once saved, on the server.
  await editorText(page).click();
  await page.keyboard.press("Control+Home");
  await page.keyboard.type("Early. ");
  await expect(mark).toHaveText("Nobody waved");
  await expectSaved(page);
  const listed = await page.request.get(`/api/v1/books/${chapter!.bookId}/threads`);
  const [thread] = (await listed.json()).data;
  expect(thread).toMatchObject({ quote: "Nobody waved", start: ("Early. " + TEXT).indexOf("Nobody waved") });
  await page.screenshot({ path: "test-results/comments-editor-panel.png", fullPage: true });

  // The owner comments with the keyboard on a word they select.
  await page.keyboard.press("Control+Home");
  for (let i = 0; i < "Early. The ".length; i++) await page.keyboard.press("ArrowRight");
  for (let i = 0; i < "ferry".length; i++) await page.keyboard.press("Shift+ArrowRight");
  await page.keyboard.press("Control+Alt+m");
  await expect(panel(page).locator("blockquote")).toHaveText("ferry");
  await page.getByLabel("Your comment").fill("Which ferry?");
  await page.getByRole("button", { name: "Comment", exact: true }).click();
  await expect(threadOn(page, "ferry")).toBeVisible();
  await expect(page.locator(".comment-mark")).toHaveCount(2);

  // Resolved, the thread leaves the marks and the open list, and is found among the resolved.
  await threadOn(page, "Nobody waved").getByRole("button", { name: "Resolve" }).click();
  await expect(threadOn(page, "Nobody waved")).toHaveCount(0);
  await expect(page.locator(".comment-mark")).toHaveCount(1);
  await page.getByLabel(/Resolved \(1\)/).check();
  await expect(threadOn(page, "Nobody waved")).toContainText(/Resolved by/);

  await editor.page.goto(`/books/${chapter!.bookId}/comments?show=resolved`);
  await expect(editor.page.getByRole("listitem").filter({ hasText: "Nobody waved" })).toContainText("1 reply, the last by");
  await editor.page.screenshot({ path: "test-results/comments-book-list.png", fullPage: true });
  await editor.page.getByRole("link", { name: "Harbour" }).click();
  await expect(editor.page.getByRole("heading", { name: "Harbour" })).toBeVisible();

  // The editor's inbox: the owner's reply, unread (the header counts it); opening it reads it.
  await editor.page.goto("/inbox");
  await expect(editor.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Inbox/ })).toHaveAccessibleName(/^Inbox\s*\(1 unread\)$/);
  const reply = editor.page.getByRole("listitem").filter({ hasText: "They were asleep." });
  await expect(reply.getByRole("link")).toHaveText(/replied on “Harbour” in Editor test/);
  await editor.page.screenshot({ path: "test-results/comments-inbox.png", fullPage: true });
  await reply.getByRole("link").click();
  await expect(editor.page.getByRole("heading", { name: "Harbour" })).toBeVisible();
  await expect(editor.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Inbox" })).toBeVisible();
  await editor.close();
});
