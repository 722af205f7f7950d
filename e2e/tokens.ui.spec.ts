import { expect, test } from "./fixtures";
import { SIGNED_OUT } from "./support";

test("a token made on the Tokens page works on the API until it is revoked", async ({ page, playwright, baseURL }) => {
  const name = `backup script ${Date.now()}`;
  await page.goto("/");
  await page.getByRole("link", { name: "Tokens" }).click();
  await expect(page.getByRole("heading", { name: "Tokens", exact: true })).toBeVisible();

  await page.getByLabel("Name").fill(name);
  await expect(page.getByRole("checkbox", { name: /read:books/ })).toBeChecked();
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText("it will not be shown again")).toBeVisible();
  const token = await page.getByRole("textbox", { name: "Your new token" }).inputValue();
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("personal");
  await expect(row).toContainText("read:books");
  await expect(row).not.toContainText("write:books");

  // Only the Bearer token speaks for these requests: no session cookie.
  const api = await playwright.request.newContext({ baseURL, storageState: SIGNED_OUT });
  const headers = { Authorization: `Bearer ${token}` };
  const listed = await api.get("/api/v1/books", { headers });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).msg).toBe("ok");
  const write = await api.post("/api/v1/books", { headers, data: { title: "Not allowed" } });
  expect(write.status()).toBe(403);
  expect(await write.json()).toMatchObject({ error: "insufficient_scope", details: { required: "write:books" } });

  await page.reload();
  await expect(page.getByRole("row", { name: new RegExp(name) })).not.toContainText("never");

  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  const afterRevoke = await api.get("/api/v1/books", { headers });
  expect(afterRevoke.status()).toBe(401);
  expect(await afterRevoke.json()).toMatchObject({ error: "token_revoked" });
  await api.dispose();
});

test("a token needs at least one scope", async ({ page }) => {
  await page.goto("/settings/tokens");
  await page.getByLabel("Name").fill("no scopes");
  await page.getByRole("checkbox", { name: /read:books/ }).uncheck();
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("not made");
  await expect(page.getByText("ask for at least one scope")).toBeVisible();
});
