// Issue 36 item 5 (decision 0497): an owner and a beta reader, each in their own browser. The owner
// freezes the book, shares the snapshot on the readers page; the reader, on a phone-wide screen,
// opens the reading view, reacts to a paragraph, turns pages with the buttons and the keyboard into
// the next chapter; the owner's view shows where they are and what they reacted to. Then the owner
// removes the reader, whose next request is refused.
import { expect, test } from "./fixtures";
import { newBook } from "./editor-support";
import { someoneElse } from "./support";

/** Enough paragraphs that the first chapter takes several pages, even on a wide screen. */
const LONG = Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1}. The ferry left at dawn and nobody waved from the pier; the gulls kept their distance over the grey water.`).join("\n\n");

test("the owner shares a snapshot; a beta reader reads, reacts and moves on; the owner sees it; removed, the reader is refused", async ({ page, browser, baseURL }) => {
  const [one, two] = await newBook(page.request, [
    { title: "Harbour", content: `Nobody waved.\n\n<!-- private: cut this? -->\n\n${LONG}` },
    { title: "Open Sea", content: "The swell rose under the keel." },
  ]);
  const bookId = one!.bookId;
  for (const chapter of [one!, two!]) expect((await page.request.patch(`${chapter.api}/release`, { data: { released: true } })).status()).toBe(201);
  expect((await page.request.post(`/api/v1/books/${bookId}/snapshots`, { data: { name: "Draft 1 for beta" } })).status()).toBe(201);
  // The draft moves on after the snapshot: readers must not see this.
  expect((await page.request.patch(one!.api, { data: { version: 1, content: "A live rewrite nobody should read." } })).status()).toBe(201);

  const reader = await someoneElse(browser, baseURL, "beta-reader");
  const added = await page.request.post(`/api/v1/books/${bookId}/members`, { data: { email: reader.writer.email, role: "beta_reader" } });
  expect(added.status(), await added.text()).toBe(201);

  // The owner shares the snapshot on the readers page.
  await page.goto(`/books/${bookId}`);
  await page.getByRole("link", { name: "Readers" }).click();
  await expect(page.getByRole("heading", { name: "Readers", level: 1 })).toBeVisible();
  await page.getByLabel("Snapshot readers read").selectOption({ label: "Draft 1 for beta" });
  await page.getByRole("button", { name: "Save sharing" }).click();
  await expect(page.getByText("Readers read Draft 1 for beta.")).toBeVisible();

  // The reader, phone-wide, opens the reading view from the book page.
  await reader.page.setViewportSize({ width: 390, height: 844 });
  await reader.page.goto(`/books/${bookId}`);
  await reader.page.screenshot({ path: "test-results/beta-reader-book-page.png", fullPage: true });
  await reader.page.getByRole("link", { name: "Read the draft shared with you" }).click();
  await expect(reader.page.getByRole("heading", { name: "Harbour" })).toBeVisible();
  const pages = reader.page.getByTestId("reading-pages");
  await expect(pages).toContainText("Nobody waved.");
  await expect(pages).not.toContainText("live rewrite");
  await expect(pages).not.toContainText("private");
  const folio = reader.page.getByText(/^Page \d+ of \d+$/);
  await expect(folio).toHaveText(/^Page 1 of ([2-9]|\d\d+)$/);

  // A reaction on the first paragraph: chosen by a tap, one of the six.
  await pages.getByText("Nobody waved.").click();
  await reader.page.getByRole("toolbar", { name: "React to this paragraph" }).getByRole("button", { name: "Surprising" }).click();
  await expect(pages.getByText("Nobody waved.")).toContainText("😮");
  // And a comment on it, which only the author reads.
  await reader.page.getByLabel("Comment on this paragraph").fill("Why did nobody wave?");
  await reader.page.getByRole("button", { name: "Send" }).click();
  await expect(reader.page.getByRole("list", { name: "Your comments on this paragraph" })).toContainText("Why did nobody wave?");
  await expect(pages.getByText("Nobody waved.")).toContainText("💬");
  await reader.page.screenshot({ path: "test-results/beta-reading-comment-phone.png", fullPage: true });
  await reader.page.getByRole("button", { name: "Done" }).click();
  await reader.page.screenshot({ path: "test-results/beta-reading-phone.png", fullPage: true });

  // A page on with the button, another with the keyboard: the place is kept on the server.
  await reader.page.getByRole("button", { name: "Next page" }).click();
  await expect(folio).toHaveText(/^Page 2 of/);
  await reader.page.keyboard.press("ArrowRight");
  await expect(folio).toHaveText(/^Page 3 of|^Page 2 of 2$/);
  await expect
    .poll(async () => (await (await reader.page.request.get(`/api/v1/books/${bookId}/reading`)).json()).data.resume?.chapterId)
    .toBe(one!.chapterId);

  // On to the next chapter with "]".
  await reader.page.keyboard.press("]");
  await expect(reader.page.getByRole("heading", { name: "Open Sea" })).toBeVisible();
  await expect(pages).toContainText("The swell rose");

  // The owner's view: one reader, where they are in Harbour, and the reaction.
  await page.reload();
  const harbour = page.getByRole("article", { name: "Harbour" });
  await expect(harbour).toContainText("1 started");
  await expect(harbour.getByRole("list", { name: "Where readers are" })).toContainText("Reader 1");
  await expect(harbour.getByRole("list", { name: "Reactions" })).toContainText("😮 1");
  await expect(harbour.getByRole("list", { name: "Reactions" })).toContainText("Nobody waved.");
  await expect(harbour.getByRole("list", { name: "Comments" })).toContainText("Reader 1 on ¶");
  await expect(harbour.getByRole("list", { name: "Comments" })).toContainText("Why did nobody wave?");
  await page.screenshot({ path: "test-results/beta-readers-owner.png", fullPage: true });

  // The owner's inbox says a reader finished a chapter (the one-page "Open Sea"), as "Reader 1".
  await page.goto("/inbox");
  await expect(page.getByRole("list", { name: "Notifications" })).toContainText("Reader 1 finished “Open Sea”");
  await page.screenshot({ path: "test-results/beta-readers-inbox.png", fullPage: true });

  // Removed, the reader's very next request is refused.
  expect((await page.request.delete(`/api/v1/books/${bookId}/members/${(await (await reader.page.request.get("/api/v1/users/me")).json()).data.id}`)).status()).toBe(204);
  await reader.page.keyboard.press("[");
  await expect(reader.page.getByRole("alert")).toBeVisible();
  await reader.page.reload();
  await expect(reader.page.getByText("Nobody waved.")).toHaveCount(0);
  await expect(reader.page.getByRole("link", { name: "Back to your books" })).toBeVisible();
  await reader.close();
});
