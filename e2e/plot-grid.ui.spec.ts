// Issue 35 items 3 and 4 (decisions 0506, 0507): the plot grid page — a cell's note written in place
// and kept, a scene appearing in its plotline's row once its plan carries the plotline — and the
// beat plan below it: a template applied, a beat moved to another chapter. Then the same pages in
// Chinese, with no English left (decisions 0504, 0516).
import type { Page } from "@playwright/test";
import { expectNoEnglish, test as zhTest } from "./chinese-interface";
import { expect, test } from "./fixtures";

interface Made {
  id: string;
  chapters: string[];
  plotline: string;
  scenes: string[];
}

/** A book of three chapters (the first two in a part), a plotline, and the second chapter split into two named scenes. */
async function gridBook(page: Page, words: { book: string; chapters: string[]; part: string; plotline: string; scenes: [string, string]; language: string }): Promise<Made> {
  const made = await page.request.post("/api/v1/books", { data: { title: `${words.book} ${Date.now()}`, language: words.language } });
  const id = (await made.json()).data.id as string;
  const chapters: string[] = [];
  for (const title of words.chapters) {
    const response = await page.request.post(`/api/v1/books/${id}/chapters`, { data: { title, content: `${title}\n\n* * *\n\n${title}。` } });
    chapters.push((await response.json()).data.id);
  }
  const part = (await (await page.request.post(`/api/v1/books/${id}/parts`, { data: { title: words.part } })).json()).data.id as string;
  const { orderVersion } = (await (await page.request.get(`/api/v1/books/${id}/contents`)).json()).data;
  expect((await page.request.put(`/api/v1/books/${id}/contents`, { data: { orderVersion, entries: [{ partId: part, chapterIds: chapters.slice(0, 2) }, { chapterId: chapters[2] }] } })).status()).toBe(201);
  const plotline = (await (await page.request.post(`/api/v1/books/${id}/plotlines`, { data: { name: words.plotline, colour: "#d62728" } })).json()).data.id as string;
  const split = (await (await page.request.post(`/api/v1/books/${id}/chapters/${chapters[1]}/scenes/split`)).json()).data as { id: string }[];
  for (const [index, scene] of split.entries()) expect((await page.request.patch(`/api/v1/books/${id}/scenes/${scene.id}`, { data: { title: words.scenes[index] } })).status()).toBe(201);
  return { id, chapters, plotline, scenes: split.map((scene) => scene.id) };
}

test("a writer writes a cell's note in place, sees a scene appear once its plan carries the plotline, and plans the beats of a template", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const book = await gridBook(page, { book: "The Heist", chapters: ["The Vault", "The Crew", "The Getaway"], part: "Part One", plotline: "Heist", scenes: ["At the bar", "On the roof"], language: "en" });
  await page.goto(`/books/${book.id}`);
  await page.getByRole("link", { name: "Plot grid" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Plot grid" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "Part One" })).toBeVisible();
  await expect(page.getByRole("columnheader", { name: "2. The Crew" })).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Heist" })).toBeVisible();

  // A note, saved on leaving the field; it is there after a reload.
  const note = page.getByLabel("Note for Heist in chapter 1");
  await note.fill("They case the vault.");
  await note.press("Tab");
  await expect(page.getByTestId("plot-grid-save-state")).toHaveText("Saved: the note for Heist in chapter 1");
  await page.reload();
  await expect(page.getByLabel("Note for Heist in chapter 1")).toHaveValue("They case the vault.");

  // The scene's plan gets the plotline (as the outline sets it): the scene appears in the row.
  const crewCell = page.getByTestId(`cell-${book.plotline}-${book.chapters[1]}`);
  await expect(crewCell.getByRole("listitem")).toHaveCount(0);
  expect((await page.request.patch(`/api/v1/books/${book.id}/plan/scenes/${book.scenes[1]}`, { data: { plotlineIds: [book.plotline] } })).status()).toBe(201);
  await page.reload();
  await expect(crewCell.getByRole("listitem")).toHaveText(["On the roof"]);

  // The beat plan: a template applied, then a beat moved to another chapter.
  await page.getByLabel("Structure template").selectOption({ label: "Kishōtenketsu (起承转合)" });
  await page.getByRole("button", { name: "Apply as plan" }).click();
  await expect(page.getByTestId("beat-plan-status")).toHaveText("Applied: Kishōtenketsu (起承转合)");
  await expect(page.getByText("From Kishōtenketsu (起承转合), placed by chapter order.")).toBeVisible();
  await expect(page.getByLabel("Where 转 Ten — twist is planned")).toHaveValue(`chapter:${book.chapters[1]}`);
  await page.getByLabel("Where 转 Ten — twist is planned").selectOption({ label: "— scene: On the roof" });
  await expect(page.getByTestId("beat-plan-status")).toHaveText("Moved: 转 Ten — twist");
  await expect(page.getByTestId("beat-3")).toContainText("moved");
  const plan = (await (await page.request.get(`/api/v1/books/${book.id}/beat-plan`)).json()).data;
  expect(plan.beats[2]).toMatchObject({ moved: true, planned: { chapterId: book.chapters[1], sceneId: book.scenes[1] } });
  await page.screenshot({ path: "test-results/plot-grid.png", fullPage: true });
});

// The Chinese writer of ./chinese-interface (a zh-CN browser, a Chinese name, no language chosen):
// a built-in template's name and beats in Chinese (decision 0512's words, by slug and place), and a
// scene left untitled named 第 N 场 on the grid, the beat plan, the outline and the corkboard
// (decision 0516).
zhTest("the plot grid, a built-in beat plan and an untitled scene speak Chinese", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const book = await gridBook(page, { book: "长夜", chapters: ["第一章 夜雨", "第二章 渡口", "第三章 归途"], part: "第一卷", plotline: "主线", scenes: ["茶馆", ""], language: "zh-CN" });
  for (const scene of book.scenes) expect((await page.request.patch(`/api/v1/books/${book.id}/plan/scenes/${scene}`, { data: { plotlineIds: [book.plotline] } })).status()).toBe(201);
  expect((await page.request.put(`/api/v1/books/${book.id}/plot-grid/${book.plotline}/${book.chapters[0]}`, { data: { note: "雨夜相逢。" } })).status()).toBe(201);
  // The API keeps the stored title: "" for the untitled scene, with its place.
  const grid = (await (await page.request.get(`/api/v1/books/${book.id}/plot-grid`)).json()).data;
  expect(grid.cells.find((cell: { chapterId: string }) => cell.chapterId === book.chapters[1]).scenes).toEqual([
    { id: book.scenes[0], title: "茶馆", position: 1 },
    { id: book.scenes[1], title: "", position: 2 },
  ]);

  await page.goto(`/books/${book.id}/plot-grid`);
  await expect(page.getByRole("heading", { level: 1, name: "情节网格" })).toBeVisible();
  await expect(page.getByLabel("第 1 章中“主线”的备注")).toHaveValue("雨夜相逢。");
  await expect(page.getByTestId(`cell-${book.plotline}-${book.chapters[1]}`).getByRole("listitem")).toHaveText(["茶馆", "第 2 场"]);

  // A built-in template, named and beaten in Chinese; a beat moved onto the untitled scene.
  await page.getByLabel("结构模板").selectOption({ label: "三幕结构" });
  await page.getByRole("button", { name: "作为规划应用" }).click();
  await expect(page.getByTestId("beat-plan-status")).toHaveText("已应用：三幕结构");
  await expect(page.getByText("来自“三幕结构”")).toBeVisible();
  await expect(page.getByTestId("beat-1").getByRole("rowheader")).toHaveText("开场");
  await expect(page.getByTestId("beat-5").getByRole("rowheader")).toHaveText("中点");
  await page.getByLabel("“中点”的计划位置").selectOption({ label: "—— 场景：第 2 场" });
  await expect(page.getByTestId("beat-plan-status")).toHaveText("已移动：中点");
  await page.screenshot({ path: "test-results/plot-grid-zh.png", fullPage: true });
  await expectNoEnglish(page);
  await page.reload();
  await expect(page.getByLabel("“中点”的计划位置")).toHaveValue(`scene:${book.scenes[1]}`);
  await expectNoEnglish(page);

  // The outline and the corkboard name the untitled scene the same way.
  await page.goto(`/books/${book.id}/outline`);
  await expect(page.locator(`[data-item="${book.scenes[1]}"]`).getByRole("rowheader")).toHaveText("场 第 2 场");
  await page.screenshot({ path: "test-results/outline-zh-untitled-scene.png", fullPage: true });
  await expectNoEnglish(page);
  await page.goto(`/books/${book.id}/corkboard`);
  await expect(page.getByText("第 2 场", { exact: true })).toBeVisible();
  await expectNoEnglish(page);
});
