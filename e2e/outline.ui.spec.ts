// Issue 35 items 2 and 3: the outline page — the plan of parts and chapters edited in place (a
// synopsis saved on Enter and on leaving the field, status, POV, a label by keyboard, a target), and
// filters that live in the URL, so a link (or a reload) keeps them.
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

async function plannedBook(page: Page) {
  const made = await page.request.post("/api/v1/books", { data: { title: `Northern Lights ${Date.now()}`, language: "en" } });
  const id = (await made.json()).data.id as string;
  const chapters: string[] = [];
  for (const title of ["The Decanter of Tokay", "The Idea of North", "Armour"]) {
    const response = await page.request.post(`/api/v1/books/${id}/chapters`, { data: { title, content: `${title}. Lyra ran across the roofs of Jordan College.` } });
    chapters.push((await response.json()).data.id);
  }
  const part = (await (await page.request.post(`/api/v1/books/${id}/parts`, { data: { title: "Oxford" } })).json()).data.id as string;
  const { orderVersion } = (await (await page.request.get(`/api/v1/books/${id}/contents`)).json()).data;
  expect((await page.request.put(`/api/v1/books/${id}/contents`, { data: { orderVersion, entries: [{ partId: part, chapterIds: chapters.slice(0, 2) }, { chapterId: chapters[2] }] } })).status()).toBe(201);
  await page.request.post(`/api/v1/books/${id}/bible/entries`, { data: { name: "Lyra", kind: "character" } });
  await page.request.post(`/api/v1/books/${id}/bible/entries`, { data: { name: "Iorek", kind: "character" } });
  await page.request.post(`/api/v1/books/${id}/plotlines`, { data: { name: "Dust" } });
  await page.request.post(`/api/v1/books/${id}/labels`, { data: { name: "research" } });
  return { id, chapters };
}

async function planOf(page: Page, id: string, itemId: string) {
  const body = await (await page.request.get(`/api/v1/books/${id}/plan`)).json();
  return body.data.items.find((item: { id: string }) => item.id === itemId).plan;
}

test("a writer plans chapters in the outline in place and filters it, the filters kept in the URL", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  const { id, chapters } = await plannedBook(page);
  await page.goto(`/books/${id}`);
  await page.getByRole("link", { name: "Outline" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Outline" })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveText([/part\s*Oxford/, /chapter\s*The Decanter of Tokay/, /chapter\s*The Idea of North/, /chapter\s*Armour/]);

  // The synopsis saves on Enter, without a reload; the page says so.
  const synopsis = page.getByLabel("Synopsis of the chapter “The Decanter of Tokay”");
  await synopsis.fill("Lyra hides in the Retiring Room.");
  await synopsis.press("Enter");
  await expect(page.getByTestId("outline-save-state")).toHaveText("Saved: the synopsis of “The Decanter of Tokay”");
  await expect.poll(async () => (await planOf(page, id, chapters[0]!)).synopsis).toBe("Lyra hides in the Retiring Room.");

  // And on leaving the field (Tab), as every other field does by keyboard.
  const second = page.getByLabel("Synopsis of the chapter “The Idea of North”");
  await second.fill("The gyptians come to Oxford.");
  await second.press("Tab");
  await expect(page.getByTestId("outline-save-state")).toHaveText("Saved: the synopsis of “The Idea of North”");

  await page.getByLabel("Status of the chapter “The Decanter of Tokay”").selectOption({ label: "Draft" });
  await expect(page.getByTestId("outline-save-state")).toHaveText("Saved: the status of “The Decanter of Tokay”");
  // The cast comes when the select is focused, as by keyboard or a click.
  await page.getByLabel("POV of the chapter “The Decanter of Tokay”").focus();
  await page.getByLabel("POV of the chapter “The Decanter of Tokay”").selectOption({ label: "Lyra" });
  await expect(page.getByTestId("outline-save-state")).toHaveText("Saved: the POV of “The Decanter of Tokay”");
  const target = page.getByLabel("Target words of the chapter “The Decanter of Tokay”");
  await target.fill("4000");
  await target.press("Enter");
  await expect(page.getByTestId("outline-save-state")).toHaveText("Saved: the target of “The Decanter of Tokay”");

  // A label by keyboard: open the disclosure, tick the box with Space.
  const labels = rows.nth(1).locator("details").first();
  await labels.locator("summary").focus();
  await page.keyboard.press("Enter");
  await labels.getByRole("checkbox", { name: "research" }).focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("outline-save-state")).toHaveText("Saved: the labels of “The Decanter of Tokay”");
  await expect.poll(async () => (await planOf(page, id, chapters[0]!))).toMatchObject({ status: "draft", targetWords: 4000, labelIds: [expect.any(String)] });

  // Filter by status: the part stays as context, the URL holds the filter, a reload keeps it.
  await page.getByLabel("Status", { exact: true }).selectOption({ label: "Draft" });
  await expect(rows).toHaveText([/part\s*Oxford/, /chapter\s*The Decanter of Tokay/]);
  await expect(page).toHaveURL(/[?&]status=draft/);
  await page.screenshot({ path: "test-results/outline-filtered.png", fullPage: true });
  await page.reload();
  await expect(rows).toHaveText([/part\s*Oxford/, /chapter\s*The Decanter of Tokay/]);
  await expect(page.getByLabel("Status", { exact: true })).toHaveValue("draft");
  await page.getByLabel("POV", { exact: true }).selectOption({ label: "Iorek" });
  await expect(page.getByText("Nothing in the outline matches these filters.")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(rows).toHaveCount(4);
  await expect(page).not.toHaveURL(/status=/);
  await page.screenshot({ path: "test-results/outline.png", fullPage: true });
});
