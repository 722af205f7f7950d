import { expect, test } from "@playwright/test";

test("a new book appears on the list", async ({ page }) => {
  const title = `The Salt Road ${Date.now()}`;
  await page.goto("/books");
  const form = page.getByRole("complementary", { name: "New book" });
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Genre").fill("fantasy");
  await form.getByLabel("Description").fill("A caravan, a map, a lie.");
  await form.getByRole("button", { name: "Create book" }).click();

  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell", { name: "fantasy" })).toBeVisible();
  await expect(row.getByRole("cell", { name: "drafting" })).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue("");

  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(title) })).toBeVisible();
});

test("a book without a title is refused with the field's message", async ({ page }) => {
  await page.goto("/books");
  const form = page.getByRole("complementary", { name: "New book" });
  await form.getByRole("button", { name: "Create book" }).click();
  await expect(form.getByLabel("Title")).toHaveAccessibleDescription(/a book needs a title/);
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

  const rpc = await page.request.get(`/api/trpc/books.get?input=${encodeURIComponent(JSON.stringify({ id }))}`);
  expect(rpc.status()).toBe(200);
  expect((await rpc.json()).result.data.title).toBe("Session-made");

  await page.context().clearCookies();
  expect((await page.request.get(`/api/v1/books/${id}`)).status()).toBe(401);
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
