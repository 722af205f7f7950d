// Issue 34 item 6 (decision 0483): the admin manages accounts on Users; a writer changes their
// password and leaves on Settings → Account; an owner hands a book over to leave it behind.
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { e2eAdmin, newWriter, signInViaUi, signUpViaApi, SIGNED_OUT, type Writer } from "./support";

/** Someone in a browser of their own, signed in. */
async function signedIn(browser: Browser, baseURL: string | undefined, writer: Writer, signUp = true): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const page = await context.newPage();
  if (signUp) await signUpViaApi(page.request, writer);
  await signInViaUi(page, writer);
  await page.getByRole("heading", { name: "Your books" }).waitFor();
  return { page, close: () => context.close() };
}

const rowOf = (page: Page, writer: Writer) => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(writer.name) }) });

test("the admin disables an account, which is signed out at once, resets its password and enables it again", async ({ browser, baseURL }) => {
  const writer = newWriter("managed");
  const managed = await signedIn(browser, baseURL, writer);
  const admin = await signedIn(browser, baseURL, e2eAdmin(), false);

  await admin.page.getByRole("link", { name: "Users" }).click();
  await expect(admin.page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  const row = rowOf(admin.page, writer);
  await expect(row.getByRole("cell", { name: "active" })).toBeVisible();
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row.getByRole("cell", { name: "disabled" })).toBeVisible();

  // The writer's open browser is signed out at its next page, and cannot sign in again.
  await managed.page.goto("/books");
  await expect(managed.page).toHaveURL(/\/sign-in/);
  await signInViaUi(managed.page, writer);
  await expect(managed.page.getByRole("alert").filter({ hasText: "disabled by the administrator" })).toBeVisible();

  // Enabled, with a new password handed over, the writer signs in with it.
  await row.getByRole("button", { name: "Enable" }).click();
  await expect(row.getByRole("cell", { name: "active" })).toBeVisible();
  await row.getByRole("button", { name: "Reset password" }).click();
  const secret = admin.page.getByLabel("The new password");
  await expect(secret).toHaveValue(/^[\w-]{20}$/);
  await admin.page.screenshot({ path: "test-results/admin-users.png", fullPage: true });
  await signInViaUi(managed.page, { email: writer.email, password: await secret.inputValue() });
  await expect(managed.page.getByRole("heading", { name: "Your books" })).toBeVisible();
  // A writer finds no Users page.
  await expect(managed.page.getByRole("link", { name: "Users" })).toHaveCount(0);
  expect((await managed.page.goto("/admin/users"))?.status()).toBe(404);
  await Promise.all([managed.close(), admin.close()]);
});

test("a writer changes their password, which signs their other browser out, then deletes their account", async ({ browser, baseURL }) => {
  const writer = newWriter("leaving");
  const here = await signedIn(browser, baseURL, writer);
  const elsewhere = await signedIn(browser, baseURL, writer, false);

  await here.page.getByRole("link", { name: "Account" }).click();
  const password = here.page.getByRole("region", { name: "Password" });
  await password.getByLabel("Current password").fill("not my password");
  await password.getByLabel("New password", { exact: true }).fill("a brand new password");
  await password.getByLabel("New password again").fill("a brand new password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("is not your password", { exact: true })).toBeVisible();

  await password.getByLabel("Current password").fill(writer.password);
  await password.getByLabel("New password", { exact: true }).fill("a brand new password");
  await password.getByLabel("New password again").fill("a brand new password");
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByRole("status")).toHaveText("Your password is changed. One other sign-in was ended.");
  await here.page.screenshot({ path: "test-results/account-settings.png", fullPage: true });
  await elsewhere.page.goto("/books");
  await expect(elsewhere.page).toHaveURL(/\/sign-in/);
  await here.page.goto("/books");
  await expect(here.page.getByRole("heading", { name: "Your books" })).toBeVisible();

  await here.page.goto("/settings/account");
  const leave = here.page.getByRole("region", { name: "Delete your account" });
  await leave.getByLabel("Your password").fill("a brand new password");
  await leave.getByRole("button", { name: "Delete my account and my books" }).click();
  await expect(here.page).toHaveURL(/\/$/);
  await signInViaUi(here.page, { email: writer.email, password: "a brand new password" });
  await expect(here.page.getByRole("alert").filter({ hasText: "do not match an account" })).toBeVisible();
  await Promise.all([here.close(), elsewhere.close()]);
});

test("an owner who shares a book cannot leave until they make a member its owner", async ({ page, browser, baseURL }) => {
  const owner = newWriter("handing-over");
  const mine = await signedIn(browser, baseURL, owner);
  const heir = newWriter("heir");
  await signUpViaApi(page.request, heir);
  const created = await mine.page.request.post("/api/v1/books", { data: { title: "Passed on" } });
  const bookId = (await created.json()).data.id as string;
  expect((await mine.page.request.post(`/api/v1/books/${bookId}/members`, { data: { email: heir.email, role: "co_author" } })).status()).toBe(201);

  await mine.page.goto("/settings/account");
  const leave = mine.page.getByRole("region", { name: "Delete your account" });
  await leave.getByLabel("Your password").fill(owner.password);
  await leave.getByRole("button", { name: "Delete my account and my books" }).click();
  await expect(leave.getByRole("alert")).toContainText("others work on");
  await leave.getByRole("link", { name: "Passed on" }).click();

  const members = mine.page.getByRole("group", { name: "Members" });
  await members.getByRole("button", { name: `Make ${heir.name} the owner` }).click();
  await mine.page.getByRole("dialog").getByRole("button", { name: "Make owner" }).click();
  await expect(members.getByRole("listitem").first()).toContainText(heir.name);
  await expect(members.getByRole("listitem").first()).toContainText("Owner");
  await expect(members.getByRole("listitem").nth(1)).toContainText("Co-author");
  await expect(members.getByRole("button", { name: "Add member" })).toHaveCount(0);

  await mine.page.goto("/settings/account");
  await leave.getByLabel("Your password").fill(owner.password);
  await leave.getByRole("button", { name: "Delete my account and my books" }).click();
  await expect(mine.page).toHaveURL(/\/$/);
  await mine.close();
});
