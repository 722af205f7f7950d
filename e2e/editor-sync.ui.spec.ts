import { expect, test } from "./fixtures";
import { draftsInBrowser, editorText, expectSaved, newChapter, saveState, stored, toEnd, withoutApiSession } from "./editor-support";
import { newWriter, SIGNED_OUT, signInViaUi, signUpViaApi } from "./support";

// The editor never loses a word: two tabs, a dropped connection (also across a reload), a
// session that ends mid-sentence.

test("two tabs editing one chapter: the conflict is shown and nothing is lost", async ({ page }) => {
  const chapter = await newChapter(page.request, "Start.");
  const first = page;
  const second = await page.context().newPage();
  await first.goto(chapter.path);
  await second.goto(chapter.path);

  await toEnd(first);
  await first.keyboard.type(" Alpha.");
  await expectSaved(first);

  await toEnd(second);
  await second.keyboard.type(" Beta.");
  const conflict = second.getByRole("dialog", { name: "This chapter was changed somewhere else" });
  await expect(conflict).toBeVisible();
  const differences = conflict.getByRole("region", { name: "Differences between the other version and yours" });
  await expect(differences.locator("del")).toContainText("Alpha");
  await expect(differences.locator("ins")).toContainText("Beta");
  await conflict.getByRole("button", { name: "Keep both" }).click();
  await expectSaved(second);
  await expect(second.getByRole("status").filter({ hasText: "kept in History" })).toBeVisible();

  // Both additions are the chapter now, the other tab's first; Alpha alone is pinned in the history as a restoration.
  const now = await stored(page.request, chapter);
  expect(now.content).toBe("Start. Alpha. Beta.");
  const pinned = await page.request.get(`${chapter.api}/revisions/${now.version - 1}`);
  expect((await pinned.json()).data.content).toBe("Start. Alpha.");

  // The first tab, typing on, meets the conflict in turn and may take the other text.
  await first.keyboard.type(" Gamma.");
  const again = first.getByRole("dialog", { name: "This chapter was changed somewhere else" });
  await again.getByRole("button", { name: "Use the other, discard mine" }).click();
  await expect(editorText(first)).toHaveText("Start. Alpha. Beta.");
  await expectSaved(first);
  expect((await stored(page.request, chapter)).content).toBe("Start. Alpha. Beta.");
});

test("a conflict resolved with “Keep mine” saves mine over the other, which stays in the history", async ({ page }) => {
  const chapter = await newChapter(page.request, "Start.");
  const first = page;
  const second = await page.context().newPage();
  await first.goto(chapter.path);
  await second.goto(chapter.path);

  await toEnd(first);
  await first.keyboard.type(" Alpha.");
  await expectSaved(first);
  const theirs = await stored(page.request, chapter);

  await toEnd(second);
  await second.keyboard.type(" Beta.");
  const conflict = second.getByRole("dialog", { name: "This chapter was changed somewhere else" });
  await conflict.getByRole("button", { name: "Keep mine" }).click();
  await expect(conflict).toBeHidden();
  await expectSaved(second);
  await expect(editorText(second)).toHaveText("Start. Beta.");

  // Mine is the next version after theirs, saved over it, not beside it.
  const now = await stored(page.request, chapter);
  expect(now.content).toBe("Start. Beta.");
  expect(now.version).toBe(theirs.version + 1);
  // Nothing lost: every text the chapter has held is in its history.
  const listed = await page.request.get(`${chapter.api}/revisions?per_page=100`);
  expect(listed.status()).toBe(200);
  const versions = ((await listed.json()).data as { version: number }[]).map((revision) => revision.version);
  const texts = await Promise.all(
    versions.map(async (version) => (await (await page.request.get(`${chapter.api}/revisions/${version}`)).json()).data.content as string),
  );
  expect(texts).toEqual(expect.arrayContaining(["Start.", "Start. Alpha.", "Start. Beta."]));
  expect((await (await page.request.get(`${chapter.api}/revisions/${theirs.version}`)).json()).data.content).toBe("Start. Alpha.");
});

test("offline: typing goes on, the text is kept across a reload and saved when the server is back", async ({ page, context }) => {
  const chapter = await newChapter(page.request, "Online.");
  const saves = `**${chapter.api}`;
  // On the context, so that the save sent with keepalive as the page unloads is cut off too.
  await context.route(saves, (route) => (route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.fallback()));
  await page.goto(chapter.path);
  await toEnd(page);
  await page.keyboard.type(" Written offline.");
  await expect(saveState(page)).toHaveText("Offline — kept in this browser");
  await page.keyboard.type(" And more.");
  await expect(editorText(page)).toHaveText("Online. Written offline. And more.");
  // The draft reaches IndexedDB 300 ms after typing stops.
  await expect.poll(() => draftsInBrowser(page)).toContain("Online. Written offline. And more.");
  expect((await stored(page.request, chapter)).content).toBe("Online.");

  // The server refuses the save sent with keepalive as the page unloads, so the text after the
  // reload can only have come from the browser's draft.
  await withoutApiSession(context, async () => {
    await page.reload();
    await expect(editorText(page)).toHaveText("Online. Written offline. And more.");
  });
  await expect(saveState(page)).toHaveText("Offline — kept in this browser");
  expect((await stored(page.request, chapter)).content).toBe("Online.");

  await context.unroute(saves);
  await expectSaved(page, 20_000);
  expect((await stored(page.request, chapter)).content).toBe("Online. Written offline. And more.");
  await expect.poll(() => draftsInBrowser(page)).toEqual([]);
});

test("a closed tab's unsent text is sent when the chapter is opened again", async ({ page, context }) => {
  const chapter = await newChapter(page.request, "Kept.");
  const saves = `**${chapter.api}`;
  await context.route(saves, (route) => (route.request().method() === "PATCH" ? route.abort("internetdisconnected") : route.fallback()));
  await page.goto(chapter.path);
  await toEnd(page);
  await page.keyboard.type(" Before closing.");
  await expect(saveState(page)).toHaveText("Offline — kept in this browser");
  await expect.poll(() => draftsInBrowser(page)).toContain("Kept. Before closing.");
  // As above: the keepalive save sent as the tab closes is refused, so only the draft holds the text.
  await withoutApiSession(context, () => page.close());
  expect((await stored(context.request, chapter)).content).toBe("Kept.");
  await context.unroute(saves);

  const reopened = await context.newPage();
  await reopened.goto(chapter.path);
  await expect(editorText(reopened)).toHaveText("Kept. Before closing.");
  await expectSaved(reopened);
  expect((await stored(reopened.request, chapter)).content).toBe("Kept. Before closing.");
});

test.describe("signed out mid-sentence", () => {
  test.use({ storageState: SIGNED_OUT });

  test("the text stays, the writer signs in again in place, and it is saved", async ({ page, request }) => {
    const writer = newWriter("editor-401");
    await signUpViaApi(request, writer);
    await signInViaUi(page, writer);
    await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();
    const chapter = await newChapter(page.request, "Before.");
    await page.goto(chapter.path);
    await toEnd(page);
    await page.keyboard.type(" Saved.");
    await expectSaved(page);

    await page.context().clearCookies();
    await page.keyboard.type(" After the session ended.");
    const dialog = page.getByRole("dialog", { name: "Sign in to keep saving" });
    await expect(dialog).toBeVisible();
    await expect(editorText(page)).toHaveText("Before. Saved. After the session ended.");
    await dialog.getByLabel("Password").fill("not the password");
    await dialog.getByRole("button", { name: "Sign in and save" }).click();
    await expect(dialog.getByRole("alert")).toContainText("do not match");
    await dialog.getByLabel("Password").fill(writer.password);
    await dialog.getByRole("button", { name: "Sign in and save" }).click();
    await expect(dialog).toBeHidden();
    await expectSaved(page);
    expect((await stored(page.request, chapter)).content).toBe("Before. Saved. After the session ended.");
  });
});

test("a title typed while its check is still loading is saved once the check has loaded", async ({ page }) => {
  const chapter = await newChapter(page.request, "Text.", "Old title");
  await page.clock.install();
  await page.goto(chapter.path);
  await expect(editorText(page)).toHaveText("Text.");
  // The title's check (the API's schema) loads on the first title edit: held back here until the
  // autosave has fired, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const asked: string[] = [];
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    asked.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.getByLabel("Chapter title").fill("New title");
  await expect.poll(() => asked.length).toBeGreaterThan(0);
  await page.clock.runFor(2_000);
  await expectSaved(page);
  // That save went without the title: it was not yet known to be one the API accepts.
  expect((await stored(page.request, chapter)).title).toBe("Old title");

  release();
  await expect.poll(async () => {
    await page.clock.runFor(2_000);
    return (await stored(page.request, chapter)).title;
  }).toBe("New title");
  await expectSaved(page);
});
