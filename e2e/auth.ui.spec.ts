import { expect, test } from "./fixtures";
import { newWriter, SIGNED_OUT, signInViaUi, signUpViaApi, signUpViaUi } from "./support";

test.use({ storageState: SIGNED_OUT });

test("signing up lands on the (empty) book list", async ({ page }) => {
  const writer = newWriter("signup");
  await signUpViaUi(page, writer);

  await expect(page).toHaveURL("/books");
  await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();
  await expect(page.getByText("Every novel begins with a title.")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Account" })).toContainText(writer.name);
});

test("sign-up explains a short password and a taken e-mail, field by field", async ({ page, request }) => {
  const taken = newWriter("taken");
  await signUpViaApi(request, taken);

  await page.goto("/sign-up");
  await page.getByLabel("E-mail").fill("new-writer@example.com");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("Some fields need another look");
  await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/must be at least 8 characters/);
  await expect(page.getByLabel("E-mail")).toHaveValue("new-writer@example.com");

  await page.getByLabel("E-mail").fill(taken.email);
  await page.getByLabel("Password").fill("long enough password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.locator("form").getByRole("alert")).toContainText("already exists");
  await expect(page.getByLabel("E-mail")).toHaveAccessibleDescription(/already registered/);
  await expect(page).toHaveURL("/sign-up");
});

test("a wrong password shows an error and stays on sign-in", async ({ page, request }) => {
  const writer = newWriter("wrong");
  await signUpViaApi(request, writer);
  await signInViaUi(page, { email: writer.email, password: "not the password" });

  await expect(page.locator("form").getByRole("alert")).toContainText("do not match");
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByLabel("E-mail")).toHaveValue(writer.email);
});

test("signing in lands on the book list", async ({ page, request }) => {
  const writer = newWriter("signin");
  await signUpViaApi(request, writer);
  await signInViaUi(page, writer);

  await expect(page).toHaveURL("/books");
  await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();
});

test("a signed-out visitor is sent to sign-in, and back where they were going", async ({ page, request }) => {
  await page.goto("/settings/tokens");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings%2Ftokens$/);

  const writer = newWriter("next");
  await signUpViaApi(request, writer);
  await page.getByLabel("E-mail").fill(writer.email);
  await page.getByLabel("Password").fill(writer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Tokens", exact: true })).toBeVisible();
});

test("signing out returns to sign-in and ends the session", async ({ page, request }) => {
  const writer = newWriter("signout");
  await signUpViaApi(request, writer);
  await signInViaUi(page, writer);
  await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.goto("/books");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fbooks$/);
});

test("after too many attempts, sign-in says so instead of blaming the password", async ({ page, request }) => {
  const writer = newWriter("limited");
  await signUpViaApi(request, writer);
  // The API and the sign-in form share one counter per e-mail (10 attempts a window by default).
  for (let attempt = 0; attempt < 10; attempt++) {
    const response = await request.post("/auth/login", { data: { email: writer.email, password: "guess" } });
    expect(response.status()).toBe(401);
    expect((await response.json()).error).toBe("invalid_credentials");
  }
  await signInViaUi(page, writer);
  await expect(page.locator("form").getByRole("alert")).toContainText("Too many sign-in attempts");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("a visitor at / is welcomed with the ways in; a signed-in writer goes to the books", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await expect(page).toHaveURL("/sign-in");
  await page.goBack();
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL("/sign-up");

  const writer = newWriter("welcome");
  await signUpViaApi(request, writer);
  await signInViaUi(page, writer);
  await expect(page).toHaveURL("/books");
  await page.goto("/");
  await expect(page).toHaveURL("/books");
});
