import { expect, test } from "./fixtures";
import { editorText, expectSaved } from "./editor-support";
import { newWriter, SIGNED_OUT, signUpViaUi } from "./support";

// The first five minutes, all in the page: a new account, a book, a chapter, a sentence,
// a reload.
test.use({ storageState: SIGNED_OUT });

test("sign up, create a book, add a chapter, type, reload: the text is there and on the server", async ({ page }) => {
  const writer = newWriter("first-chapter");
  await signUpViaUi(page, writer);
  await expect(page).toHaveURL("/books");

  await page.getByRole("button", { name: "New book" }).click();
  const newBook = page.getByRole("dialog", { name: "New book" });
  await newBook.getByLabel("Title").fill("The Salt Road");
  await newBook.getByRole("button", { name: "Create book" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The Salt Road" })).toBeVisible();

  await page.getByLabel("New chapter").fill("The Well at Qasr");
  await page.getByRole("button", { name: "Add chapter" }).click();
  await page.getByRole("list", { name: "Chapters" }).getByRole("link", { name: "The Well at Qasr" }).click();
  await expect(page).toHaveURL(/\/books\/[\w-]+\/chapters\/[\w-]+$/);
  await expect(editorText(page)).toBeVisible();

  const sentence = "The caravan reached the well at dusk, and the well was dry.";
  await editorText(page).click();
  await page.keyboard.type(sentence);
  await expectSaved(page);
  await page.reload();
  await expect(editorText(page)).toHaveText(sentence);

  // The server holds it, read with the page's own session: the same path answered as JSON.
  const [, bookId, chapterId] = new URL(page.url()).pathname.match(/^\/books\/([\w-]+)\/chapters\/([\w-]+)$/)!;
  const response = await page.request.get(`/api/v1/books/${bookId}/chapters/${chapterId}`);
  expect(response.status()).toBe(200);
  const chapter = (await response.json()).data;
  expect(chapter.title).toBe("The Well at Qasr");
  expect(chapter.content).toBe(sentence);
});
