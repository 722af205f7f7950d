import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";

export const SIGNED_OUT = { cookies: [], origins: [] };

export interface Writer {
  email: string;
  password: string;
  name: string;
}

/** A writer no other test uses, so tests can run in parallel on one database. */
export function newWriter(label: string): Writer {
  const id = randomUUID().slice(0, 8);
  return { email: `${label}-${id}@example.com`, password: `correct horse ${id}`, name: `Writer ${id}` };
}

/** The server's admin, whom e2e/serve.mjs signed up first (playwright.config.ts hands it over). */
export function e2eAdmin(): Writer {
  const email = process.env.E2E_ADMIN_EMAIL;
  const password = process.env.E2E_ADMIN_PASSWORD;
  if (!email || !password) throw new Error("No admin was handed over by e2e/serve.mjs (webServer.wait in playwright.config.ts).");
  return { email, password: Buffer.from(password, "base64url").toString("utf8"), name: "The Admin" };
}

/** Signs a writer up through the REST API, the quick way to have an account to sign in with. */
export async function signUpViaApi(request: APIRequestContext, writer: Writer): Promise<void> {
  const response = await request.post("/api/v1/users", { data: writer });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs a writer up on the sign-up page, as a person would. */
export async function signUpViaUi(page: Page, writer: Writer): Promise<void> {
  await page.goto("/sign-up");
  await page.getByLabel("Name").fill(writer.name);
  await page.getByLabel("E-mail").fill(writer.email);
  await page.getByLabel("Password").fill(writer.password);
  await page.getByRole("button", { name: "Create account" }).click();
}

export async function signInViaUi(page: Page, writer: Pick<Writer, "email" | "password">): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("E-mail").fill(writer.email);
  await page.getByLabel("Password").fill(writer.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** A second person, signed in in a browser context of their own. */
export async function someoneElse(browser: Browser, baseURL: string | undefined, label: string): Promise<{ writer: Writer; page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT });
  const page = await context.newPage();
  const writer = newWriter(label);
  await signUpViaApi(page.request, writer);
  await signInViaUi(page, writer);
  await page.getByRole("heading", { name: "Your books" }).waitFor();
  return { writer, page, close: () => context.close() };
}

/** Selects words of the reading view's one text node, as a drag across them would. */
export async function selectInReading(page: Page, words: string): Promise<void> {
  await page.evaluate((quote) => {
    const node = document.querySelector("[data-reading]")!.firstChild!;
    const at = node.textContent!.indexOf(quote);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + quote.length);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
  }, words);
}

