import { expect, test } from "./fixtures";
import { newBook } from "./editor-support";
import { newWriter, SIGNED_OUT, signUpViaUi } from "./support";

// Issue 37 item 6 (decision 0495) in the browser: the writer sets their back matter once in
// Settings → Account, the book's details offer it (what each page would print, from where), the
// book chooses its pages, and the export prints them. A writer of its own: back matter is the writer's.
test.use({ storageState: SIGNED_OUT });

test("back matter set once in Settings is offered in a book's details, chosen there, and printed by the export", async ({ page }) => {
  await signUpViaUi(page, newWriter("back-matter"));
  await expect(page).toHaveURL("/books");
  const earlier = await page.request.post("/api/v1/books", { data: { title: "The Earlier Tide" } });
  expect(earlier.status()).toBe(201);
  const [chapter] = await newBook(page.request, [{ title: "Landfall", content: "The boat came in at dawn." }]);

  await page.goto("/settings/account");
  const form = page.getByRole("form", { name: "Back matter" });
  await form.getByLabel("About the author").fill("Mara Vell lives by the sea.");
  await form.getByRole("checkbox", { name: "The Earlier Tide" }).check();
  await form.getByLabel("Published elsewhere").fill("Poems");
  await form.getByRole("button", { name: "Save back matter" }).click();
  await expect(form.getByRole("status")).toContainText("Saved.");
  await expect(form.getByRole("checkbox", { name: "The Earlier Tide" })).toBeChecked();
  await page.screenshot({ path: "test-results/back-matter-settings.png", fullPage: true });
  const saved = (await (await page.request.get("/api/v1/users/me/back-matter")).json()).data;
  expect(saved).toMatchObject({ aboutAuthor: "Mara Vell lives by the sea.", alsoBy: [{ title: "The Earlier Tide" }, { title: "Poems" }] });

  await page.goto(`/books/${chapter!.bookId}`);
  await page.getByRole("button", { name: "Edit details" }).click();
  const details = page.getByRole("dialog", { name: "Book details" });
  const choice = details.getByRole("group", { name: "Back matter" });
  // Offered: each page with where its text would come from.
  await expect(choice.getByRole("checkbox", { name: /^About the author — yours from Settings/ })).toBeChecked();
  await expect(choice.getByRole("checkbox", { name: /^Also by — 2 titles from Settings/ })).toBeChecked();
  await expect(choice.getByRole("checkbox", { name: /^Acknowledgements — nothing set/ })).toBeChecked();
  await choice.getByRole("checkbox", { name: /^About the author/ }).uncheck();
  await choice.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/back-matter-book-details.png" });
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details).toBeHidden();

  const book = (await (await page.request.get(`/api/v1/books/${chapter!.bookId}`)).json()).data;
  expect(book.backMatter).toEqual(["acknowledgements", "alsoBy"]);
  const exported = await page.request.get(`/api/v1/books/${chapter!.bookId}/export?format=txt`);
  expect(exported.status()).toBe(200);
  const text = await exported.text();
  expect(text).toContain("The Earlier Tide");
  expect(text).toContain("Poems");
  expect(text).not.toContain("Mara Vell lives by the sea.");
});
