import { axe } from "./axe";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { newWriter, SIGNED_OUT, signInViaUi, signUpViaApi } from "./support";

// Issue 17 item 8: the pages on a phone and a tablet, contrast, one h1 each, and a favicon.

const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

// axe runs inside the page as an injected script (e2e/axe.ts), which the pages' script policy would refuse.
test.use({ bypassCSP: true });

async function bookWithChapters(page: Page, titles: string[]) {
  const made = await page.request.post("/api/v1/books", { data: { title: `Pocket ${Date.now()}` } });
  const bookId = (await made.json()).data.id as string;
  const ids: string[] = [];
  for (const title of titles) {
    const chapter = await page.request.post(`/api/v1/books/${bookId}/chapters`, { data: { title, content: `${title} begins here. `.repeat(30) } });
    ids.push((await chapter.json()).data.id as string);
  }
  return { bookId, editor: `/books/${bookId}/chapters/${ids[0]}` };
}

test.describe("at 390 px", () => {
  test.use({ storageState: SIGNED_OUT });

  test("the header fits the screen and Sign out is on it and works", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const writer = newWriter("phone");
    await signUpViaApi(page.request, writer);
    await signInViaUi(page, writer);
    await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();

    const header = page.locator("header.site-header");
    const overflow = await header.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
    expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
    expect(overflow.page).toBeLessThanOrEqual(PHONE.width);
    for (const name of ["Books", "Templates", "Progress", "Goals", "Tokens", "Account"]) await expect(header.getByRole("link", { name, exact: true })).toBeInViewport({ ratio: 1 });
    const signOut = header.getByRole("button", { name: "Sign out" });
    await expect(signOut).toBeInViewport({ ratio: 1 });
    await signOut.click();
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

for (const [device, size] of [
  ["phone", PHONE],
  ["tablet", TABLET],
] as const) {
  test(`on a ${device} the editor shows the text first, and the chapter list behind a Chapters button`, async ({ page }) => {
    await page.setViewportSize(size);
    const { editor } = await bookWithChapters(page, ["Rain", "Harbour"]);
    await page.goto(editor);
    const text = page.getByRole("textbox", { name: /^Text of/ });
    await expect(text).toBeInViewport();
    const list = page.getByRole("navigation", { name: "Chapters", includeHidden: true });
    const listTop = await list.evaluate((el) => el.getBoundingClientRect().top);
    const textTop = await text.evaluate((el) => el.getBoundingClientRect().top);
    // Hidden, or below the text; never between the writer and the words.
    if (await list.isVisible()) expect(listTop).toBeGreaterThan(textTop);

    const toggle = page.getByRole("button", { name: "Chapters", exact: true });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const harbour = list.getByRole("link", { name: /Harbour/ });
    await expect(harbour).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toBeFocused();
    await toggle.click();
    await harbour.click();
    await expect(page.getByLabel("Chapter title")).toHaveValue("Harbour");
  });
}

test("on a phone a long chapter title wraps, in the editor and in its chapter list, and Enter goes on into the text (issue 33 item 6)", async ({ page }) => {
  await page.setViewportSize(PHONE);
  const long = "The Night the Harbour Lights Went Out and Nobody in the Village Remembered Why";
  const { editor } = await bookWithChapters(page, [long, "Harbour"]);
  await page.goto(editor);
  const title = page.getByLabel("Chapter title");
  await expect(title).toHaveValue(long);
  // All of it on the screen: as wide as the page at most, and as tall as its lines.
  const field = await title.evaluate((el) => ({
    scroll: el.scrollWidth,
    client: el.clientWidth,
    hidden: el.scrollHeight - el.clientHeight,
    line: Number.parseFloat(getComputedStyle(el).lineHeight),
    lines: Math.round(el.clientHeight / Number.parseFloat(getComputedStyle(el).lineHeight)),
    right: el.getBoundingClientRect().right,
  }));
  expect(field.scroll).toBeLessThanOrEqual(field.client);
  // Every line shown (a descender's few pixels aside): a field of one line hid all but the first.
  expect(field.hidden).toBeLessThan(field.line / 2);
  expect(field.lines).toBeGreaterThan(3);
  expect(field.right).toBeLessThanOrEqual(PHONE.width);
  await page.screenshot({ path: test.info().outputPath("phone-long-title.png") });

  await title.press("End");
  await title.press("Enter");
  await expect(page.getByRole("textbox", { name: /^Text of/ })).toBeFocused();
  await expect(title).toHaveValue(long);

  await page.getByRole("button", { name: "Chapters", exact: true }).click();
  const entry = page.getByRole("navigation", { name: "Chapters" }).getByRole("link", { name: new RegExp(long) });
  const name = await entry.evaluate((el) => {
    const text = el.querySelector("span:nth-child(1)") ?? el;
    return { scroll: text.scrollWidth, client: text.clientWidth };
  });
  expect(name.scroll).toBeLessThanOrEqual(name.client);
  await page.screenshot({ path: test.info().outputPath("phone-long-title-chapters.png") });
});

test("on a desktop the chapter list stays beside the text, with no Chapters button", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { editor } = await bookWithChapters(page, ["Rain"]);
  await page.goto(editor);
  await expect(page.getByRole("navigation", { name: "Chapters" }).getByRole("link", { name: /Rain/ })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Chapters", exact: true })).toBeHidden();
});

for (const scheme of ["light", "dark"] as const) {
  test(`the editor's chapter list passes WCAG AA contrast in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const { editor } = await bookWithChapters(page, ["Rain", "Harbour", "Storm"]);
    await page.goto(editor);
    await expect(page.getByRole("navigation", { name: "Chapters" }).getByRole("link", { name: /Storm/ })).toBeVisible();
    expect(await axe(page, 'nav[aria-label="Chapters"]', ["color-contrast"])).toEqual([]);
  });
}

test("every page has one h1, the editor included", async ({ page, browser }) => {
  const { bookId, editor } = await bookWithChapters(page, ["Rain"]);
  const search = await page.request.get("/api/v1/analysis/search?per_page=1");
  const templateId = ((await search.json()).data as { id: string }[])[0]!.id;
  const pages = ["/books", `/books/${bookId}`, editor, `/analyze/${bookId}`, "/templates", `/templates/${templateId}`, "/templates/new", "/settings/tokens", "/settings/account", "/reference"];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator("main, body").first()).toBeVisible();
    await expect(page.locator("h1"), path).toHaveCount(1);
  }
  const signedOut = await browser.newPage({ storageState: SIGNED_OUT, baseURL: new URL(page.url()).origin });
  for (const path of ["/", "/sign-in", "/sign-up"]) {
    await signedOut.goto(path);
    await expect(signedOut.locator("h1"), path).toHaveCount(1);
  }
  await signedOut.close();
});

test("the editor's h1 is the chapter's title, for those who move by headings", async ({ page }) => {
  const { editor } = await bookWithChapters(page, ["Rain"]);
  await page.goto(editor);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rain");
  await page.getByLabel("Chapter title").fill("Rain at Night");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rain at Night");
});

test("every page names a favicon, served without the network", async ({ page }) => {
  await page.goto("/books");
  const icon = page.locator('head link[rel~="icon"]').first();
  const href = await icon.getAttribute("href");
  expect(href).toBeTruthy();
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^image\//);
  expect((await response.body()).length).toBeGreaterThan(100);
});

test.describe("signed-out pages", () => {
  test.use({ storageState: SIGNED_OUT });
  test("the sign-in page names the favicon too", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.locator('head link[rel~="icon"]')).not.toHaveCount(0);
  });
});
