import { expect, test } from "./fixtures";
import type { Page, Request } from "@playwright/test";
import { newWriter, SIGNED_OUT, signInViaUi, signUpViaApi, signUpViaUi } from "./support";

// Issue 17 item 7, the pages' part: no surprises in the book list, the book page, the header,
// the template pages and the Analyze page.

/** A gate that holds matching requests until it is opened; `seen` settles when the first one arrives. */
async function gate(page: Page, matches: (request: Request) => boolean) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let arrived!: () => void;
  const seen = new Promise<void>((resolve) => (arrived = resolve));
  await page.route("**/*", async (route) => {
    if (!matches(route.request())) return route.fallback();
    arrived();
    await opened;
    await route.fallback();
  });
  return { open, seen };
}

/** A request of the app router for a page's server components (a navigation or a refresh, not a prefetch). */
const isPageData = (path: RegExp) => (request: Request) =>
  path.test(new URL(request.url()).pathname) && request.headers()["rsc"] === "1" && !request.headers()["next-router-prefetch"];

const chapterList = (page: Page) => page.getByRole("list", { name: "Chapters" });

test("a second click or Enter on Create book while the new book opens makes no second book", async ({ page }) => {
  const title = `Only once ${Date.now()}`;
  await page.goto("/books");
  // Every navigation to a book page waits until the second attempt has been made.
  const navigation = await gate(page, isPageData(/^\/books\/[^/]+$/));
  await page.getByRole("button", { name: "New book" }).click();
  const dialog = page.getByRole("dialog", { name: "New book" });
  await dialog.getByLabel("Title").fill(title);
  const created = page.waitForResponse((r) => r.url().includes("books.create") && r.ok());
  await dialog.getByRole("button", { name: "Create book" }).click();
  await created;
  await navigation.seen;
  // The form waits for the book page: its button stays off, and Enter in a field does nothing.
  await expect(dialog.getByRole("button", { name: /Creat/ })).toBeDisabled();
  await dialog.getByLabel("Title").press("Enter");
  await dialog.getByRole("button", { name: /Creat/ }).click({ force: true });
  navigation.open();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  const listed = await page.request.get("/api/v1/books?sortby=createdAt&order=desc&per_page=100");
  const titles = ((await listed.json()).data as { title: string }[]).map((b) => b.title);
  expect(titles.filter((t) => t === title)).toHaveLength(1);
});

test("adding a chapter shows its row at once, and says Added only once the row is the saved chapter", async ({ page }) => {
  const made = await page.request.post("/api/v1/books", { data: { title: `Optimistic ${Date.now()}` } });
  const bookId = (await made.json()).data.id as string;
  await page.request.post(`/api/v1/books/${bookId}/chapters`, { data: { title: "Dawn", content: "Light." } });
  await page.goto(`/books/${bookId}`);
  await expect(chapterList(page).getByRole("link")).toHaveText(["Dawn"]);

  // What a screen reader hears, and whether the row was a real chapter (a link) when it heard it.
  await page.evaluate(() => {
    const heard: { text: string; linked: boolean }[] = [];
    (window as unknown as { heard: typeof heard }).heard = heard;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll("[role=status]")) {
        const text = status.textContent ?? "";
        if (text.startsWith("Added") && !heard.some((h) => h.text === text)) {
          const links = [...document.querySelectorAll('ol[aria-label="Chapters"] a')].map((a) => a.textContent);
          heard.push({ text, linked: links.includes("Dusk") });
        }
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });

  const upload = await gate(page, (request) => request.url().includes("chapters.upload"));
  const refresh = await gate(page, isPageData(new RegExp(`^/books/${bookId}$`)));
  await page.getByLabel("New chapter").fill("Dusk");
  await page.getByRole("button", { name: "Add chapter" }).click();
  await upload.seen;
  // At once, before the server has answered: the row, marked as being added.
  const pending = chapterList(page).getByRole("listitem").filter({ hasText: "Dusk" });
  await expect(pending).toBeVisible();
  await expect(pending).toHaveAttribute("aria-busy", "true");
  await expect(chapterList(page).getByRole("listitem")).toHaveCount(2);

  const uploaded = page.waitForResponse((r) => r.url().includes("chapters.upload"));
  upload.open();
  await uploaded;
  await refresh.seen;
  refresh.open();
  await expect(page.getByRole("status").filter({ hasText: "Added" })).toHaveText("Added “Dusk”.");
  await expect(chapterList(page).getByRole("link")).toHaveText(["Dawn", "Dusk"]);
  await expect(chapterList(page).getByRole("listitem")).toHaveCount(2);
  const heard = await page.evaluate(() => (window as unknown as { heard: { text: string; linked: boolean }[] }).heard);
  expect(heard).toEqual([{ text: "Added “Dusk”.", linked: true }]);
});

test.describe("the header", () => {
  test.use({ storageState: SIGNED_OUT });

  test("greets by the name given at sign-up, and by the e-mail only when there is none", async ({ page }) => {
    const named = newWriter("named");
    await signUpViaUi(page, named);
    const account = page.getByRole("navigation", { name: "Account" });
    await expect(account).toContainText(named.name);
    await expect(account).not.toContainText(named.email);

    await page.context().clearCookies();
    const nameless = { ...newWriter("nameless"), name: "" };
    await signUpViaApi(page.request, nameless);
    await signInViaUi(page, nameless);
    await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();
    await expect(account).toContainText(nameless.email);
  });
});

test.describe("templates and books together", () => {
  test.use({ storageState: SIGNED_OUT });

  /** A writer of their own, so that no other test's library changes what is preselected. */
  async function signedIn(page: Page): Promise<void> {
    const writer = newWriter("library");
    await signUpViaApi(page.request, writer);
    await signInViaUi(page, writer);
    await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();
  }

  async function templateId(page: Page, name: string): Promise<string> {
    const found = await page.request.get("/api/v1/analysis/search?per_page=100");
    const template = ((await found.json()).data as { id: string; name: string }[]).find((t) => t.name === name);
    expect(template, name).toBeTruthy();
    return template!.id;
  }

  async function newBook(page: Page, title: string, language: string): Promise<string> {
    const made = await page.request.post("/api/v1/books", { data: { title, language } });
    expect(made.status()).toBe(201);
    return (await made.json()).data.id as string;
  }

  test("after installing a template, Run on a book opens the book's Analyze page with that template chosen", async ({ page }) => {
    await signedIn(page);
    const bookId = await newBook(page, "The Salt Road", "en");
    await newBook(page, "Another Road", "en");
    const id = await templateId(page, "Hero's Journey");
    await page.goto(`/templates/${id}`);
    await expect(page.getByRole("button", { name: "Run on a book" })).toHaveCount(0);
    await page.getByRole("button", { name: "Install" }).click();
    await expect(page.getByRole("button", { name: "Uninstall" })).toBeVisible();
    await page.getByLabel("Book", { exact: true }).selectOption({ label: "The Salt Road" });
    await page.getByRole("button", { name: "Run on a book" }).click();
    await expect(page).toHaveURL(`/analyze/${bookId}?template=${id}`);
    await expect(page.getByLabel("Template", { exact: true })).toHaveValue(id);
  });

  test("the Analyze page preselects a template in the book's language", async ({ page }) => {
    await signedIn(page);
    const any = await templateId(page, "Save the Cat! Beat Sheet");
    const chinese = await templateId(page, "黄金三章 (Golden First Three Chapters)");
    // Installed last, the Chinese template heads the library.
    for (const id of [any, chinese]) expect((await page.request.post("/api/v1/analysis/install", { data: { templateId: id } })).status()).toBe(201);
    const english = await newBook(page, "Harbour Lights", "en");
    const zh = await newBook(page, "港口", "zh-Hans");

    await page.goto(`/analyze/${english}`);
    await expect(page.getByLabel("Template", { exact: true })).toHaveValue(any);
    await page.goto(`/analyze/${zh}`);
    await expect(page.getByLabel("Template", { exact: true })).toHaveValue(chinese);
  });
});

test("the new-template form speaks of problems once a field is touched or the form sent, and places bad JSON", async ({ page }) => {
  await page.goto("/templates/new");
  await expect(page.getByLabel("Name")).toBeVisible();
  await expect(page.getByRole("list", { name: "Problems" })).toHaveCount(0);
  await expect(page.getByLabel("Name")).not.toHaveAttribute("aria-invalid", "true");

  // Touched and left empty: now it is a problem.
  await page.getByLabel("Name").focus();
  await page.getByLabel("Name").blur();
  await expect(page.getByRole("list", { name: "Problems" })).toContainText("name");
  await expect(page.getByRole("list", { name: "Problems" })).not.toContainText("sections");

  await page.getByLabel("Name").fill("Quiet rooms");
  await page.getByRole("button", { name: "Add section" }).click();
  const params = page.getByLabel("Parameters (JSON)");
  await params.fill('{\n  "limit": 3,\n  oops\n}');
  await params.blur();
  await expect(params).toHaveAccessibleDescription(/line 3, column 3/);
  await expect(page.getByRole("list", { name: "Problems" })).toContainText("line 3, column 3");

  await params.fill("{}");
  await page.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("button", { name: "Create template" }).click();
  // Sent with no section: every problem shows, and nothing was created.
  await expect(page.getByRole("list", { name: "Problems" })).toContainText("sections");
  await expect(page).toHaveURL("/templates/new");
});
