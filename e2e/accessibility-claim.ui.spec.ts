import { expect, test } from "./fixtures";
import { newBook } from "./editor-support";

// Issue 37 item 3 (decision 0485 amended) in the browser: the writer of an evaluated book claims a
// WCAG level in the book's details; without naming the evaluator the claim is refused beside the
// field, and the saved claim is the EPUB's.

test("an accessibility claim made in the book's details needs its evaluator and is carried by the EPUB", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "Harbour", content: "It began at the harbour." }]);
  await page.goto(`/books/${chapter!.bookId}`);
  await page.getByRole("button", { name: "Edit details" }).click();
  const details = page.getByRole("dialog", { name: "Book details" });
  await details.getByText("Accessibility claim").click();
  await details.getByLabel("Conforms to").selectOption({ label: "WCAG 2.1 Level AA" });
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details.getByText("name who evaluated the book")).toBeVisible();

  await details.getByLabel("Evaluated by").fill("Tide Accessibility Ltd");
  await details.getByLabel("Report").fill("https://example.org/report");
  await details.getByLabel("Evaluated by").scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("accessibility-claim.png") });
  await details.getByRole("button", { name: "Save" }).click();
  await expect(details).toBeHidden();

  const book = (await (await page.request.get(`/api/v1/books/${chapter!.bookId}`)).json()).data;
  expect(book.accessibilityClaim).toEqual({ conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level AA", certifiedBy: "Tide Accessibility Ltd", credential: null, report: "https://example.org/report" });
  // Opened again on the page as the server draws it, the dialog shows the claim as saved.
  await page.reload();
  await page.getByRole("button", { name: "Edit details" }).click();
  await expect(details.getByLabel("Evaluated by")).toHaveValue("Tide Accessibility Ltd");
});
