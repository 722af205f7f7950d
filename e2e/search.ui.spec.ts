import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { newBook, stored, textInEditor, type ChapterAt } from "./editor-support";

// Issue 23 item 5: search a book and the library, replace reviewed hit by hit, the change set in
// each chapter's history, and its undo, as a writer meets them in the pages.

const PHONE = { width: 390, height: 844 };

/** A picture of the page as it stands, kept with the test's output for a person to look at. */
const shot = (page: Page, name: string, fullPage = false) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });

const ONE = "Kathryn walked in.\n\nKATHRYN shouted at the sea.\n\nThen Kathryn sat down.";
const TWO = "By noon Kathryn had left the quay.";

const bookSearch = (page: Page) => page.getByRole("search", { name: "Search this book" });
const matches = (page: Page) => page.getByRole("list", { name: "Matches by chapter" });

async function search(page: Page, query: string) {
  await bookSearch(page).getByRole("searchbox").fill(query);
  await bookSearch(page).getByRole("searchbox").press("Enter");
}

/** A chapter's History, open: its versions, newest first. */
async function historyOf(page: Page, chapter: ChapterAt) {
  await page.goto(chapter.path);
  await page.getByRole("button", { name: "History" }).click();
  return page.getByRole("list", { name: "Versions" }).getByRole("button");
}

test("search the book, replace with one hit skipped, see it in History, undo it from the editor", async ({ page }) => {
  const [one, two] = await newBook(page.request, [
    { title: "The Quay", content: ONE },
    { title: "Noon", content: TWO },
  ]);
  await page.goto(`/books/${one!.bookId}`);
  await search(page, "kathryn");
  await expect(page.getByRole("status").filter({ hasText: "matches in" })).toHaveText("4 matches in 2 chapters");
  await expect(matches(page).getByRole("heading")).toHaveText(["The Quay · 3 matches", "Noon · 1 match"]);
  await expect(matches(page).locator("mark")).toHaveText(["Kathryn", "KATHRYN", "Kathryn", "Kathryn"]);

  await page.getByRole("button", { name: "Replace…" }).click();
  await page.getByLabel("Replace with").fill("Katherine");
  await page.getByLabel(/Preserve case/).check();
  await page.getByRole("button", { name: "Preview replacements" }).click();
  const review = page.getByRole("region", { name: "Review the replacements" });
  await expect(review.getByRole("status")).toHaveText("4 replacements of 4 matches, in 2 chapters");
  // Preserve case: the shouted name stays shouted.
  await expect(review.locator("ins")).toHaveText(["[with: Katherine]", "[with: KATHERINE]", "[with: Katherine]", "[with: Katherine]"]);
  await review.getByRole("checkbox", { name: /sat down/ }).uncheck();
  await expect(review.getByRole("status")).toHaveText("3 replacements of 4 matches, in 2 chapters");
  await shot(page, "book-replace-review", true);
  await review.getByRole("button", { name: "Replace 3 matches" }).click();
  await expect(page.getByText("Replaced 3 matches in 2 chapters.")).toBeVisible();

  expect((await stored(page.request, one!)).content).toBe("Katherine walked in.\n\nKATHERINE shouted at the sea.\n\nThen Kathryn sat down.");
  expect((await stored(page.request, two!)).content).toBe("By noon Katherine had left the quay.");

  await expect((await historyOf(page, two!)).first()).toContainText("Replaced “kathryn” → “Katherine” across 2 chapters");
  await shot(page, "history-replace");

  // Undo from the editor's own search panel, the open chapter's text coming back with it.
  await page.goto(one!.path);
  await page.getByRole("button", { name: "Search book" }).click();
  const panel = page.getByRole("region", { name: "Search the whole book" });
  await panel.getByText("Recent replacements (1)").click();
  await panel.getByRole("button", { name: "Undo replacing “kathryn” with “Katherine”" }).click();
  await expect(panel.getByText("Replacement undone: 2 chapters back as before.")).toBeVisible();
  await expect.poll(() => textInEditor(page)).toBe(ONE);
  expect((await stored(page.request, one!)).content).toBe(ONE);
  expect((await stored(page.request, two!)).content).toBe(TWO);
  await expect(panel.getByText(/^Undone/)).toBeVisible();
  await shot(page, "editor-undone");

  const versions = await historyOf(page, two!);
  await expect(versions.nth(0)).toContainText("Undid replacement");
  await expect(versions.nth(1)).toContainText("Replaced “kathryn” → “Katherine” across 2 chapters");
});

test("a result opens the editor with the hit selected", async ({ page }) => {
  const filler = "The tide came in and went out again.\n\n".repeat(120);
  const [chapter] = await newBook(page.request, [{ title: "Long", content: `${filler}At last the lantern was lit.` }]);
  await page.goto(`/books/${chapter!.bookId}`);
  await search(page, "lantern");
  await matches(page).getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`${chapter!.path}\\?at=${filler.length + 12}&len=7$`));
  await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe("lantern");
  const inView = await page.evaluate(() => {
    const box = document.getSelection()!.getRangeAt(0).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= window.innerHeight;
  });
  expect(inView).toBe(true);
});

test("a chapter edited after the preview refuses the whole replacement, naming it, and a new preview goes through", async ({ page }) => {
  const [one, two] = await newBook(page.request, [
    { title: "The Quay", content: ONE },
    { title: "Noon", content: TWO },
  ]);
  await page.goto(`/books/${one!.bookId}`);
  await search(page, "Kathryn");
  await page.getByRole("button", { name: "Replace…" }).click();
  await page.getByLabel("Replace with").fill("Kate");
  await page.getByRole("button", { name: "Preview replacements" }).click();
  await expect(page.getByRole("button", { name: "Replace 4 matches" })).toBeVisible();

  const { version } = await stored(page.request, two!);
  const edited = await page.request.patch(two!.api, { data: { version, content: `${TWO} Kathryn waved.` } });
  expect(edited.ok(), await edited.text()).toBe(true);

  await page.getByRole("button", { name: "Replace 4 matches" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was replaced" })).toContainText("Nothing was replaced: “Noon” changed since the preview");
  // In view and focused where the writer clicked, not above the page's fold.
  await expect(page.getByRole("button", { name: "Preview again" })).toBeFocused();
  await expect(page.getByRole("button", { name: "Preview again" })).toBeInViewport();
  await shot(page, "replace-conflict");
  expect((await stored(page.request, one!)).content).toBe(ONE);

  await page.getByRole("button", { name: "Preview again" }).click();
  await page.getByRole("button", { name: "Replace 5 matches" }).click();
  await expect(page.getByText("Replaced 5 matches in 2 chapters.")).toBeVisible();
  expect((await stored(page.request, two!)).content).toBe("By noon Kate had left the quay. Kate waved.");
});

test("an invalid regular expression is explained, with where it goes wrong", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Pattern", content: ONE }]);
  await page.goto(`/books/${chapter!.bookId}`);
  await bookSearch(page).getByLabel("Regular expression").check();
  await search(page, "Kath(ryn");
  const alert = bookSearch(page).getByRole("alert");
  await expect(alert).toContainText("This regular expression is not valid at its end");
  await search(page, "K)ath");
  await expect(alert).toContainText("This regular expression is not valid at character");
  await expect(bookSearch(page).getByRole("searchbox")).toHaveAttribute("aria-invalid", "true");
  await shot(page, "regex-error");

  await search(page, "K\\w+n");
  await expect(alert).toBeHidden();
  await expect(matches(page).locator("mark")).toHaveText(["Kathryn", "KATHRYN", "Kathryn"]);
});

test("Chinese text is found without word boundaries, and full- and half-width forms together when asked", async ({ page }) => {
  const made = await page.request.post("/api/v1/books", { data: { title: `灯塔 ${Date.now()}`, language: "zh-Hans" } });
  const bookId = (await made.json()).data.id as string;
  const chapter = await page.request.post(`/api/v1/books/${bookId}/chapters`, {
    data: { title: "第一章", content: "她走进灯塔，点亮了灯。第二天，ＡＢＣ号船回来了。" },
  });
  expect(chapter.status()).toBe(201);
  await page.goto(`/books/${bookId}`);

  await search(page, "灯塔");
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("1 match in 1 chapter");
  await expect(matches(page).locator("mark")).toHaveText("灯塔");
  await expect(matches(page).getByRole("link")).toContainText("她走进灯塔，点亮了灯。");
  await shot(page, "cjk-search");

  await search(page, "ABC");
  await expect(page.getByRole("status").filter({ hasText: "No matches" })).toHaveText("No matches for “ABC”.");
  await bookSearch(page).getByLabel("Full- and half-width alike").check();
  await expect(matches(page).locator("mark")).toHaveText("ＡＢＣ");
});

test("简体 and 繁体 are found together by default, told apart when asked, and a replace takes only what was found", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "第一回", content: "劉備曰：吾乃刘备也。\n\n玄德大喜。" }]);
  await page.goto(`/books/${chapter!.bookId}`);

  await search(page, "刘备");
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("2 matches in 1 chapter");
  await expect(matches(page).locator("mark")).toHaveText(["劉備", "刘备"]);
  // Checking the box asks again at once, as the other options do.
  await bookSearch(page).getByLabel("Match 简体/繁体").check();
  await expect(page.getByRole("status").filter({ hasText: "match" })).toHaveText("1 match in 1 chapter");
  await expect(matches(page).locator("mark")).toHaveText(["刘备"]);
  await shot(page, "search-chinese-script");

  await page.getByRole("button", { name: "Replace…" }).click();
  await page.getByLabel("Replace with").fill("玄德");
  await page.getByRole("button", { name: "Preview replacements" }).click();
  const review = page.getByRole("region", { name: "Review the replacements" });
  await expect(review.getByRole("status")).toHaveText("1 replacement of 1 match, in 1 chapter");
  await review.getByRole("button", { name: "Replace 1 match" }).click();
  await expect(page.getByText("Replaced 1 match in 1 chapter.")).toBeVisible();
  expect((await stored(page.request, chapter!)).content).toBe("劉備曰：吾乃玄德也。\n\n玄德大喜。");
});

test("the library search finds a word in every book, best first, and opens the editor at it", async ({ page }) => {
  const word = `Marrowby${Date.now()}`;
  const [first] = await newBook(page.request, [{ title: "Harbour", content: `${word} once. And ${word} twice. ${word} thrice.` }]);
  const [second] = await newBook(page.request, [{ title: "Moor", content: `Only ${word} here.` }]);
  await page.goto("/books");
  const library = page.getByRole("search", { name: "Search all your books" });
  await library.getByRole("searchbox").fill(word.toLowerCase());
  await library.getByRole("searchbox").press("Enter");
  const results = page.getByRole("list", { name: "Matching chapters, best first" });
  await expect(results.getByRole("link")).toHaveCount(2);
  await expect(results.getByRole("link").first()).toContainText("Harbour");
  await expect(results.getByRole("link").first()).toContainText("3 matches");
  await shot(page, "library-search");
  await expect(results.getByRole("link").first()).toHaveAttribute("href", new RegExp(`^${first!.path}`));
  await results.getByRole("link", { name: /Moor/ }).click();
  await expect(page).toHaveURL(new RegExp(`${second!.path}\\?find=${word}$`));
  await expect(page.getByLabel("Chapter title")).toHaveValue("Moor");
  await expect.poll(() => page.evaluate(() => document.getSelection()?.toString())).toBe(word);
});

test("on a phone the search, its results and the replace review fit the screen", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const [chapter] = await newBook(page.request, [
    { title: "A chapter with a rather long title that must wrap", content: `${ONE}\n\n${"Kathryn, again and again. ".repeat(20)}` },
  ]);
  await page.goto(`/books/${chapter!.bookId}`);
  await search(page, "Kathryn");
  await page.getByRole("button", { name: "Replace…" }).click();
  await page.getByLabel("Replace with").fill("Katherine");
  await page.getByRole("button", { name: "Preview replacements" }).click();
  await expect(page.getByRole("region", { name: "Review the replacements" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, "book-search-phone", true);

  await page.goto(chapter!.path);
  await page.getByRole("button", { name: "Search book" }).click();
  await search(page, "Kathryn");
  await expect(matches(page)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, "editor-search-phone");
});
