import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** A book made through the API with the browser's session, and the list opened on it. */
async function bookViaApi(page: Page, attributes: Record<string, unknown>): Promise<string> {
  const response = await page.request.post("/api/v1/books", { data: { type: "novel", ...attributes } });
  expect(response.status()).toBe(201);
  return (await response.json()).data.id as string;
}

test("a new book opens on its own page and is on the list", async ({ page }) => {
  const title = `The Salt Road ${Date.now()}`;
  await page.goto("/books");
  await page.getByRole("button", { name: "New book" }).click();
  const dialog = page.getByRole("dialog", { name: "New book" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Genre").fill("fantasy");
  await dialog.getByLabel("Description").fill("A caravan, a map, a lie.");
  await dialog.getByLabel("Target words").fill("90,000");
  await dialog.getByRole("button", { name: "Create book" }).click();

  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(/\/books\/[\w-]+$/);
  await expect(page.getByText("0% of 90,000")).toBeVisible();

  await page.getByRole("link", { name: "← Your books" }).click();
  const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
  await expect(entry).toContainText("fantasy");
  await expect(entry).toContainText("Drafting");
  await expect(entry).toContainText("A caravan, a map, a lie.");
});

test("an empty or over-long title is refused beside the field, with the API's words", async ({ page }) => {
  await page.goto("/books");
  await page.getByRole("button", { name: "New book" }).click();
  const dialog = page.getByRole("dialog", { name: "New book" });
  await dialog.getByRole("button", { name: "Create book" }).click();
  await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription(/a book needs a title/);
  await expect(dialog.getByRole("alert")).toContainText("Some fields need another look");

  await dialog.getByLabel("Title").fill("x".repeat(201));
  await dialog.getByLabel("Target words").fill("lots");
  await dialog.getByRole("button", { name: "Create book" }).click();
  await expect(dialog.getByLabel("Title")).toHaveAccessibleDescription(/at most 200 characters/);
  await expect(dialog.getByLabel("Target words")).toHaveAccessibleDescription(/whole number of words/);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a book moved to the trash comes back with Undo, and from the Trash view", async ({ page }) => {
  const title = `Trash me ${Date.now()}`;
  await bookViaApi(page, { title });
  await page.goto("/books");
  const entry = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });

  await page.getByRole("button", { name: `Move to trash “${title}”` }).click();
  await expect(page.getByText(`“${title}” moved to the trash.`)).toBeVisible();
  await expect(entry).toHaveCount(0);
  // Focus is on Undo: one key brings the book back.
  await expect(page.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(entry).toBeVisible();

  await page.getByRole("button", { name: `Move to trash “${title}”` }).click();
  await expect(entry).toHaveCount(0);
  const views = page.getByRole("navigation", { name: "Book views" });
  await views.getByRole("link", { name: /^Trash/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Trash" })).toBeVisible();
  await page.getByRole("button", { name: `Restore “${title}”` }).click();
  await expect(page.getByText(`“${title}” is back on your list.`)).toBeVisible();
  await views.getByRole("link", { name: "Books", exact: true }).click();
  await expect(entry).toBeVisible();
});

test("the list sorts and filters, and the address says how", async ({ page }) => {
  const stamp = Date.now();
  await bookViaApi(page, { title: `Aardvark ${stamp}`, status: "finished", type: `genre-${stamp}` });
  await bookViaApi(page, { title: `Zebra ${stamp}`, status: "finished", type: `genre-${stamp}` });
  await page.goto("/books");
  await page.getByLabel("Genre", { exact: true }).selectOption(`genre-${stamp}`);
  await expect(page).toHaveURL(new RegExp(`type=genre-${stamp}`));
  await page.getByLabel("Sort", { exact: true }).selectOption({ label: "Title" });
  await expect(page).toHaveURL(new RegExp(`type=genre-${stamp}.*sortby=title&order=asc`));
  await expect(page.getByRole("list", { name: "Your books" }).getByRole("heading")).toHaveText([`Aardvark ${stamp}`, `Zebra ${stamp}`]);

  await page.getByLabel("Status", { exact: true }).selectOption("planning");
  await expect(page.getByText("No books match this view.")).toBeVisible();
});

test("the browser session works on REST and tRPC as a Bearer token would", async ({ page }) => {
  await page.goto("/books");
  // page.request carries the signed-in browser's cookies.
  const created = await page.request.post("/api/v1/books", { data: { title: "Session-made", type: "novel" } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).data.id as string;

  const rest = await page.request.get(`/api/v1/books/${id}`);
  expect(rest.status()).toBe(200);
  expect((await rest.json()).data.title).toBe("Session-made");

  const rpc = await page.request.get(`/api/trpc/books.get?input=${encodeURIComponent(JSON.stringify({ bookId: id }))}`);
  expect(rpc.status()).toBe(200);
  expect((await rpc.json()).result.data.title).toBe("Session-made");

  await page.context().clearCookies();
  const signedOut = await page.request.get(`/api/v1/books/${id}`);
  expect(signedOut.status()).toBe(401);
  expect((await signedOut.json()).error).toBe("unauthenticated");
});

test("another site cannot make the browser's session write", async ({ page }) => {
  await page.goto("/books");
  // What a form on another site would make the browser send along with the session cookie.
  const forged = await page.request.post("/api/v1/books", {
    headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    multipart: { title: "Planted" },
  });
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error).toBe("forbidden");
  const listed = await page.request.get("/api/v1/books?per_page=100");
  expect(((await listed.json()).data as { title: string }[]).map((b) => b.title)).not.toContain("Planted");
});
