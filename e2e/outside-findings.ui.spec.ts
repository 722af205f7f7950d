import { expect, test } from "./fixtures";
import type { Browser, Page } from "@playwright/test";
import { bookToAnalyze } from "./analysis-support";
import { axe } from "./axe";
import { newBook } from "./editor-support";
import { newWriter, signUpViaUi, SIGNED_OUT } from "./support";

// Issue 33 item 6: what the outside novelist's day and axe found on the relations graph, the
// writing calendar on a phone and a beat sheet.

// axe runs inside the page as an injected script (e2e/axe.ts), which the pages' script policy would refuse.
test.use({ bypassCSP: true });

/** A page of a writer of their own: templates they install change no other test's library. */
async function ownWriter(browser: Browser, baseURL: string | undefined, label: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT, bypassCSP: true });
  const page = await context.newPage();
  await signUpViaUi(page, newWriter(label));
  await expect(page).toHaveURL("/books");
  return page;
}

test("the relations graph holds its entries as links in a group, not in an image (axe: nested-interactive)", async ({ page }) => {
  const [chapter] = await newBook(page.request, [{ title: "One", content: "Tomas and Wren." }]);
  const bookId = chapter!.bookId;
  const entry = async (name: string) => {
    const made = await page.request.post(`/api/v1/books/${bookId}/bible/entries`, { data: { name } });
    expect(made.status()).toBe(201);
    return (await made.json()).data.id as string;
  };
  const tomas = await entry("Tomas");
  const wren = await entry("Wren");
  const related = await page.request.post(`/api/v1/books/${bookId}/bible/relations`, { data: { fromId: tomas, toId: wren, label: "brother of" } });
  expect(related.status()).toBe(201);

  await page.goto(`/books/${bookId}/bible/graph`);
  const graph = page.getByRole("group", { name: "2 entries and 1 relation" });
  await expect(graph.getByRole("link", { name: "Wren (character)" })).toBeVisible();
  expect(await axe(page, "main", ["nested-interactive"])).toEqual([]);
});

test("on a phone the writing calendar scrolls from the keyboard (axe: scrollable-region-focusable)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/progress");
  const calendar = page.getByRole("region", { name: "Writing calendar" });
  await expect(calendar.getByRole("img", { name: /^Words per day/ }).locator("svg")).toBeAttached();
  // A year of weeks is wider than the phone: the region scrolls, and takes the keys that scroll it.
  expect(await calendar.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  await calendar.focus();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => calendar.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
  await page.getByText(/^The days as a table/).click();
  expect(await axe(page, "main", ["scrollable-region-focusable"])).toEqual([]);
});

test("a beat sheet says its beats stand at fixed shares of the book, not where the text turns", async ({ browser, baseURL }) => {
  const page = await ownWriter(browser, baseURL, "beats");
  const bookId = await bookToAnalyze(page.request);
  const found = await page.request.get("/api/v1/analysis/search?per_page=100");
  const threeAct = ((await found.json()).data as { id: string; slug: string }[]).find((template) => template.slug === "three-act-structure")!;
  expect((await page.request.post("/api/v1/analysis/install", { data: { templateId: threeAct.id } })).status()).toBe(201);
  const ran = await page.request.post(`/api/v1/books/${bookId}/analyses`, { data: { templateId: threeAct.id } });
  expect(ran.status()).toBe(201);

  await page.goto(`/analyze/${bookId}?analysis=${(await ran.json()).data.id}`);
  await expect(page.getByText(/^Each beat is placed where it usually falls, at a fixed share of the book's words/).first()).toBeVisible();
  // On a phone its tables are wider than the screen: each scrolls from the keyboard.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const table of await page.getByText(/^Table \(\d+ rows\)$/).all()) await table.click();
  expect(await axe(page, "main", ["scrollable-region-focusable"])).toEqual([]);
  await page.context().close();
});
