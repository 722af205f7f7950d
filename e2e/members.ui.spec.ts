// Issue 31 item 1: an owner and a co-author, each in their own browser, on the members panel and a
// shared book: the co-author writes, a viewer reads, a removed member loses the book at once.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorText, expectSaved, newBook, stored, toEnd } from "./editor-support";
import { someoneElse } from "./support";

const members = (page: Page) => page.getByRole("list", { name: "Members" });

test("the owner shares a book with a co-author, who writes in it; as a viewer they read; removed, they lose it", async ({ page, browser, baseURL }) => {
  const [first] = await newBook(page.request, [
    { title: "Landfall", content: "The boat touched sand." },
    { title: "Inland", content: "They walked until dark." },
  ]);
  const co = await someoneElse(browser, baseURL, "coauthor");

  // The owner adds the co-author on the book page's members panel.
  await page.goto(`/books/${first!.bookId}`);
  const panel = page.getByRole("group", { name: "Members" });
  await expect(members(page).getByRole("listitem")).toHaveCount(1);
  await panel.getByLabel("Add by e-mail").fill(co.writer.email);
  await panel.getByLabel("Role").selectOption("co_author");
  await panel.getByRole("button", { name: "Add member" }).click();
  await expect(panel.getByRole("status")).toHaveText(`Added ${co.writer.name} as co-author.`);
  await expect(members(page).getByRole("combobox", { name: `Role of ${co.writer.name}` })).toHaveValue("co_author");

  // The co-author finds it among their books, marked, and writes in its first chapter.
  await co.page.goto("/books");
  const entry = co.page.getByRole("listitem").filter({ has: co.page.getByRole("link", { name: /^Editor test/ }) });
  await expect(entry.getByText("Co-author", { exact: true })).toBeVisible();
  await co.page.goto(first!.path);
  await toEnd(co.page);
  await co.page.keyboard.type(" Gulls rose.");
  await expectSaved(co.page);
  expect((await stored(page.request, first!)).content).toBe("The boat touched sand. Gulls rose.");
  await co.page.screenshot({ path: "test-results/members-co-author-editor.png" });
  // The owner's History says who wrote which version.
  await page.goto(first!.path);
  await page.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("button", { name: /^Version 2/ })).toContainText(`by ${co.writer.name}`);
  // The editor's moments as every English page writes one (decision 0516): "Mar 3, 2026, 2:05 PM".
  await expect(page.getByRole("button", { name: /^Version 2/ })).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M · /);
  await page.screenshot({ path: "test-results/members-history-authors.png" });
  await page.goto(`/books/${first!.bookId}`);
  // The book page says who did what (issue 36 item 6): the co-author's words, and who last wrote the chapter.
  await expect(members(page).getByRole("listitem").filter({ hasText: co.writer.name })).toContainText(/wrote 2 words · last wrote [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  const chapters = page.getByRole("list", { name: "Chapters" });
  await expect(chapters.getByRole("listitem").filter({ hasText: "Landfall" })).toContainText(`last by ${co.writer.name}`);
  await expect(chapters.getByRole("listitem").filter({ hasText: "Inland" })).not.toContainText("last by");
  await page.screenshot({ path: "test-results/members-who-did-what.png", fullPage: true });

  // Made a viewer, they read the chapter and cannot change it: no editor is mounted.
  await members(page).getByRole("combobox", { name: `Role of ${co.writer.name}` }).selectOption("viewer");
  await expect(members(page).getByRole("combobox", { name: `Role of ${co.writer.name}` })).toHaveValue("viewer");
  await co.page.goto(`/books/${first!.bookId}`);
  await expect(co.page.getByText("Shared with you · Viewer")).toBeVisible();
  await expect(co.page.getByRole("button", { name: "Add chapter" })).toHaveCount(0);
  await expect(co.page.getByRole("group", { name: "Members" }).getByRole("button", { name: /Remove/ })).toHaveCount(0);
  await co.page.screenshot({ path: "test-results/members-viewer-book.png", fullPage: true });
  await co.page.getByRole("link", { name: "Landfall" }).click();
  await expect(co.page.getByRole("heading", { name: "Landfall" })).toBeVisible();
  await expect(co.page.getByText("The boat touched sand. Gulls rose.")).toBeVisible();
  await expect(editorText(co.page)).toHaveCount(0);
  await co.page.getByRole("link", { name: "Inland →" }).click();
  await expect(co.page.getByText("They walked until dark.")).toBeVisible();

  await page.screenshot({ path: "test-results/members-owner-panel.png", fullPage: true });
  // Removed, they lose the book at their next request, in the tab they have open.
  await members(page).getByRole("button", { name: `Remove ${co.writer.name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove" }).click();
  await expect(members(page).getByRole("listitem")).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole("list", { name: "No longer on the book" })).toContainText(`${co.writer.name} (no longer on the book)`);
  await co.page.reload();
  await expect(co.page.getByRole("heading", { name: "This chapter cannot be opened" })).toBeVisible();
  await co.page.goto("/books");
  await expect(co.page.getByRole("link", { name: /^Editor test/ })).toHaveCount(0);
  await co.close();
});

test("the members panel says why an e-mail cannot be added", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Alone", content: "Nobody else here." }]);
  await page.goto(`/books/${chapter!.bookId}`);
  const panel = page.getByRole("group", { name: "Members" });
  await panel.getByLabel("Add by e-mail").fill("nobody-at-all@example.com");
  await panel.getByRole("button", { name: "Add member" }).click();
  await expect(panel.getByText("No account has this e-mail: ask them to sign up first.").first()).toBeVisible();
  await expect(members(page).getByRole("listitem")).toHaveCount(1);
});
