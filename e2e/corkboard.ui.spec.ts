// Issue 35 item 3 (decision 0505): the corkboard — cards grouped by part and chapter, a scene
// dragged to a chapter of another part, a card moved from the keyboard with its buttons, a chapter
// moved across parts, a stale move refused (409) and the board reloaded, a viewer's board without
// handles — and the timeline: story order beside reading order, a flashback marked, the unplaced
// apart. Both pages again in a zh-CN browser, with no English left on them.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectNoEnglish } from "./chinese-interface";
import { someoneElse } from "./support";

type Titles = { part: string; chapters: { title: string; scenes: string[] }[]; loose: { title: string; scenes: string[] }[] };

/**
 * A book with one part holding two chapters and, after it, chapters outside any part; each chapter
 * split into the scenes named (none: the chapter stays unsplit, one card of its own), each scene titled.
 */
async function boardBook(request: APIRequestContext, title: string, language: string, shape: Titles) {
  const id = (await (await request.post("/api/v1/books", { data: { title, language } })).json()).data.id as string;
  const chapterIds: Record<string, string> = {};
  const sceneIds: Record<string, string> = {};
  for (const chapter of [...shape.chapters, ...shape.loose]) {
    const content = chapter.scenes.length ? chapter.scenes.map((scene) => `${scene} happens here, at some length.`).join("\n\n* * *\n\n") : `${chapter.title} has words.`;
    const made = await request.post(`/api/v1/books/${id}/chapters`, { data: { title: chapter.title, content } });
    chapterIds[chapter.title] = (await made.json()).data.id;
    if (!chapter.scenes.length) continue;
    const split = await request.post(`/api/v1/books/${id}/chapters/${chapterIds[chapter.title]}/scenes/split`);
    expect(split.status()).toBe(201);
    const scenes = (await split.json()).data as { id: string }[];
    for (const [i, scene] of scenes.entries()) {
      expect((await request.patch(`/api/v1/books/${id}/scenes/${scene.id}`, { data: { title: chapter.scenes[i] } })).status()).toBe(201);
      sceneIds[chapter.scenes[i]!] = scene.id;
    }
  }
  const part = (await (await request.post(`/api/v1/books/${id}/parts`, { data: { title: shape.part } })).json()).data.id as string;
  const { orderVersion } = (await (await request.get(`/api/v1/books/${id}/contents`)).json()).data;
  const entries = [{ partId: part, chapterIds: shape.chapters.map((c) => chapterIds[c.title]) }, ...shape.loose.map((c) => ({ chapterId: chapterIds[c.title] }))];
  expect((await request.put(`/api/v1/books/${id}/contents`, { data: { orderVersion, entries } })).status()).toBe(201);
  return { id, chapterIds, sceneIds };
}

/** Each chapter's cards' titles, as the board shows them, chapter by chapter. */
async function boardShape(page: Page): Promise<string[][]> {
  return page.locator("ol[aria-label^='Cards of'], ol[aria-label$='的卡片']").evaluateAll((lists) => lists.map((list) => [...list.querySelectorAll("h4")].map((h) => h.textContent ?? "")));
}

/** Each chapter's scenes' titles, as the API lists them. */
async function scenesByChapter(request: APIRequestContext, bookId: string, chapterIds: string[]): Promise<string[][]> {
  const all = (await (await request.get(`/api/v1/books/${bookId}/scenes`)).json()).data as { chapterId: string; title: string }[];
  return chapterIds.map((chapterId) => all.filter((scene) => scene.chapterId === chapterId).map((scene) => scene.title));
}

/** Drags with the mouse in small steps, as a hand does: dnd-kit starts a drag only past its threshold. */
async function drag(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2 + 2, to.y + to.height / 2 + 2, { steps: 2 });
  await page.mouse.up();
}

/** A move button reached from the keyboard: focused (once the board is no longer saving a move) and pressed with Enter. */
async function pressFromKeyboard(page: Page, name: string) {
  const button = page.getByRole("button", { name });
  await expect(button).toBeEnabled();
  await button.focus();
  await page.keyboard.press("Enter");
}

const SHAPE: Titles = {
  part: "Oxford",
  chapters: [
    { title: "The Decanter", scenes: ["Retiring Room", "Tokay", "Dust"] },
    { title: "The Idea of North", scenes: ["Gyptians", "Ferry"] },
  ],
  loose: [{ title: "Armour", scenes: [] }],
};

test("a writer drags a scene to another part's chapter, moves cards and chapters from the keyboard, and a stale move reloads the board", async ({ page, browser, baseURL }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const { id, chapterIds, sceneIds } = await boardBook(page.request, `Corkboard ${Date.now()}`, "en", SHAPE);
  const chapters = [chapterIds["The Decanter"]!, chapterIds["The Idea of North"]!, chapterIds["Armour"]!];
  await page.request.patch(`/api/v1/books/${id}/plan/scenes/${sceneIds["Tokay"]}`, { data: { synopsis: "Lyra hides in the wardrobe.", status: "draft" } });

  await page.goto(`/books/${id}`);
  await page.getByRole("link", { name: "Corkboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Corkboard" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Oxford" })).toBeVisible();
  expect(await boardShape(page)).toEqual([["Retiring Room", "Tokay", "Dust"], ["Gyptians", "Ferry"], ["Armour"]]);
  const tokay = page.locator("li", { has: page.getByRole("heading", { name: "Tokay" }) });
  await expect(tokay).toContainText("Lyra hides in the wardrobe.");
  await expect(tokay).toContainText("Draft");
  await page.screenshot({ path: "test-results/corkboard.png", fullPage: true });

  // A drag: "Dust" onto "Armour", the chapter outside the part that has no scenes: it goes last in it, after its text (now a scene).
  await drag(page, page.getByRole("button", { name: "Drag “Dust”" }), page.getByRole("heading", { name: "Armour", level: 4 }));
  await expect(page.getByRole("status").filter({ hasText: "Moved “Dust”." })).toBeVisible();
  await expect.poll(() => scenesByChapter(page.request, id, chapters)).toEqual([["Retiring Room", "Tokay"], ["Gyptians", "Ferry"], ["", "Dust"]]);
  await expect.poll(() => boardShape(page)).toEqual([["Retiring Room", "Tokay"], ["Gyptians", "Ferry"], ["Scene 1", "Dust"]]);

  // A drag within a chapter: "Ferry" onto "Gyptians" takes its place.
  await drag(page, page.getByRole("button", { name: "Drag “Ferry”" }), page.getByRole("heading", { name: "Gyptians", level: 4 }));
  await expect.poll(() => scenesByChapter(page.request, id, chapters)).toEqual([["Retiring Room", "Tokay"], ["Ferry", "Gyptians"], ["", "Dust"]]);
  await expect.poll(() => boardShape(page)).toEqual([["Retiring Room", "Tokay"], ["Ferry", "Gyptians"], ["Scene 1", "Dust"]]);

  // The keyboard: Tab to a card's button and press Enter; at its chapter's edge a scene steps into the next chapter.
  await pressFromKeyboard(page, "Move “Tokay” one place later");
  await expect.poll(() => scenesByChapter(page.request, id, chapters)).toEqual([["Retiring Room"], ["Tokay", "Ferry", "Gyptians"], ["", "Dust"]]);
  await expect.poll(() => boardShape(page)).toEqual([["Retiring Room"], ["Tokay", "Ferry", "Gyptians"], ["Scene 1", "Dust"]]);
  await pressFromKeyboard(page, "Move “Gyptians” one place earlier");
  await expect.poll(() => boardShape(page)).toEqual([["Retiring Room"], ["Tokay", "Gyptians", "Ferry"], ["Scene 1", "Dust"]]);
  // A chapter moved across the part's edge: "Armour" comes into Oxford, before "The Idea of North".
  await pressFromKeyboard(page, "Move the chapter “Armour” one place earlier");
  await expect.poll(async () => ((await (await page.request.get(`/api/v1/books/${id}/contents`)).json()).data.entries as { type: string; chapters?: { title: string }[] }[]).map((e) => e.chapters?.map((c) => c.title))).toEqual([
    ["The Decanter", "Armour", "The Idea of North"],
  ]);
  await expect.poll(() => boardShape(page)).toEqual([["Retiring Room"], ["Scene 1", "Dust"], ["Tokay", "Gyptians", "Ferry"]]);

  // Another window reorders a chapter's scenes: this board's versions are old, the move is refused (409) and the board reloads.
  const chapter = (await (await page.request.get(`/api/v1/books/${id}/chapters/${chapters[1]}`)).json()).data as { version: number };
  const order = (await scenesByChapter(page.request, id, [chapters[1]!]))[0]!;
  const ids = ((await (await page.request.get(`/api/v1/books/${id}/chapters/${chapters[1]}/scenes`)).json()).data as { id: string }[]).map((s) => s.id);
  expect(order).toEqual(["Tokay", "Gyptians", "Ferry"]);
  expect((await page.request.put(`/api/v1/books/${id}/chapters/${chapters[1]}/scene-order`, { data: { version: chapter.version, sceneIds: [ids[2], ids[0], ids[1]] } })).status()).toBe(201);
  await expect(page.getByRole("button", { name: "Move “Tokay” one place later" })).toBeEnabled();
  await page.getByRole("button", { name: "Move “Tokay” one place later" }).click();
  await expect(page.getByText("The book changed in another window, so this move was not made.")).toBeVisible();
  await expect.poll(() => boardShape(page)).toEqual([["Retiring Room"], ["Scene 1", "Dust"], ["Ferry", "Tokay", "Gyptians"]]);
  expect((await scenesByChapter(page.request, id, [chapters[1]!]))[0]).toEqual(["Ferry", "Tokay", "Gyptians"]);
  await page.screenshot({ path: "test-results/corkboard-moved.png", fullPage: true });

  // A viewer reads the board without handles or buttons.
  const viewer = await someoneElse(browser, baseURL, "corkboard-viewer");
  expect((await page.request.post(`/api/v1/books/${id}/members`, { data: { email: viewer.writer.email, role: "viewer" } })).status()).toBe(201);
  await viewer.page.goto(`/books/${id}/corkboard`);
  await expect(viewer.page.getByText("You can read this board; moving cards is for those who write the book.")).toBeVisible();
  expect(await boardShape(viewer.page)).toEqual([["Retiring Room"], ["Scene 1", "Dust"], ["Ferry", "Tokay", "Gyptians"]]);
  await expect(viewer.page.getByRole("button", { name: /^Drag|^Move/ })).toHaveCount(0);
  await viewer.close();
});

test("the timeline shows story order beside reading order, a flashback marked, invented days apart, the unplaced listed apart", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const { id, chapterIds, sceneIds } = await boardBook(page.request, `Timeline ${Date.now()}`, "en", SHAPE);
  const plan = (kind: string, itemId: string, data: object) => page.request.patch(`/api/v1/books/${id}/plan/${kind}/${itemId}`, { data });
  await plan("scenes", sceneIds["Retiring Room"]!, { storyDate: "1900-05-01", storyTime: "21:00" });
  await plan("scenes", sceneIds["Tokay"]!, { storyDate: "1900-05-01", storyTime: "22:00" });
  await plan("scenes", sceneIds["Dust"]!, { storyDate: "1880-01-01", synopsis: "Asriel, years before." });
  await plan("scenes", sceneIds["Gyptians"]!, { storyDate: "1900-05-02" });
  await plan("chapters", chapterIds["Armour"]!, { storyDate: "day 40" });

  await page.goto(`/books/${id}`);
  await page.getByRole("link", { name: "Timeline" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Timeline" })).toBeVisible();
  const story = (lane: string) => page.getByRole("list", { name: lane }).locator(":scope > li");
  await expect(story("Calendar dates")).toHaveText([/^1\s*Dust\s*Flashback/, /^2\s*Retiring Room/, /^3\s*Tokay/, /^4\s*Gyptians/]);
  await expect(story("Calendar dates").nth(0)).toContainText("Told 3");
  await expect(story("Invented calendar")).toHaveText([/^5\s*Armour.*Day 40/]);
  const reading = page.getByRole("list", { name: "Reading order" }).locator(":scope > li");
  await expect(reading).toHaveText([/^1\s*Retiring Room.*Happens 2/, /^2\s*Tokay.*Happens 3/, /^3\s*Dust\s*Flashback.*Happens 1/, /^4\s*Gyptians.*Happens 4/, /^5\s*Ferry.*Not placed/, /^6\s*Armour.*Happens 5/]);
  await expect(page.getByRole("list", { name: "Not placed in time" }).locator(":scope > li")).toHaveText([/Ferry/]);
  // Each item links to itself in the other column.
  await story("Calendar dates").nth(0).getByRole("link", { name: "Told 3" }).click();
  await expect(page).toHaveURL(new RegExp(`#reading-${sceneIds["Dust"]}$`));
  await page.screenshot({ path: "test-results/timeline.png", fullPage: true });
});

// The worker's writer, who chose no language, in a browser that asks for zh-CN: the pages follow the
// browser (decision 0504). The writer's own name is theirs, not ours, so its words are allowed.
test.describe("in a zh-CN browser", () => {
  test.use({ locale: "zh-CN" });

  test("the corkboard and the timeline speak Chinese", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const me = (await (await page.request.get("/api/v1/users/me")).json()).data as { name: string };
  const theirs = me.name.match(/[A-Za-z][A-Za-z'’]*/g) ?? [];
  const shape: Titles = {
    part: "第一卷",
    chapters: [
      { title: "第一章 渡口", scenes: ["等船", "雾中"] },
      { title: "第二章 北方", scenes: ["雪原"] },
    ],
    loose: [{ title: "番外", scenes: [] }],
  };
  const { id, chapterIds, sceneIds } = await boardBook(page.request, "北方的光", "zh-CN", shape);
  const label = (await (await page.request.post(`/api/v1/books/${id}/labels`, { data: { name: "伏笔" } })).json()).data.id as string;
  const lyra = (await (await page.request.post(`/api/v1/books/${id}/bible/entries`, { data: { name: "莱拉", kind: "character" } })).json()).data.id as string;
  await page.request.patch(`/api/v1/books/${id}/plan/scenes/${sceneIds["等船"]}`, { data: { synopsis: "莱拉在渡口等船。", status: "draft", povId: lyra, labelIds: [label], storyDate: "2024-05-02" } });
  await page.request.patch(`/api/v1/books/${id}/plan/scenes/${sceneIds["雾中"]}`, { data: { storyDate: "2024-05-01", storyTime: "06:00" } });
  await page.request.patch(`/api/v1/books/${id}/plan/chapters/${chapterIds["番外"]}`, { data: { storyDate: "第3天" } });

  await page.goto(`/books/${id}/corkboard`);
  await expect(page.getByRole("heading", { level: 1, name: "软木板" })).toBeVisible();
  await expect(page.locator("li", { has: page.getByRole("heading", { name: "等船" }) })).toContainText("视角：莱拉");
  await expectNoEnglish(page, theirs);
  await page.screenshot({ path: "test-results/corkboard-zh.png", fullPage: true });
  // The keyboard path in Chinese: 后移 moves 等船 after 雾中.
  await pressFromKeyboard(page, "将“等船”后移一格");
  await expect(page.getByRole("status").filter({ hasText: "已移动“等船”。" })).toBeVisible();
  await expect.poll(() => boardShape(page)).toEqual([["雾中", "等船"], ["雪原"], ["番外"]]);

  await page.goto(`/books/${id}/timeline`);
  await expect(page.getByRole("heading", { level: 1, name: "时间线" })).toBeVisible();
  await expect(page.getByRole("list", { name: "架空历法" })).toContainText("第 3 天");
  await expect(page.getByRole("list", { name: "阅读顺序" }).locator(":scope > li").first()).toContainText("雾中");
  await expectNoEnglish(page, theirs);
  await page.screenshot({ path: "test-results/timeline-zh.png", fullPage: true });
});
});
