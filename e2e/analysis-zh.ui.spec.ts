// Issue 32 item 1 (decisions 0504, 0512): the story bible, the outline, the foreshadowing board,
// Analyze, Compare and the template gallery in a zh-CN browser, with Chinese fixtures — no English
// left on a page or in a dialog — and a form or two filled in Chinese.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoEnglish, test } from "./chinese-interface";

// Four chapters of about one length.
const CHAPTERS = [
  "第一回 宴桃园豪杰三结义\n\n刘备说：“我们结为兄弟如何？”张飞道：“甚好！”关羽点头。\n\n" + "三人焚香再拜，誓同生死。".repeat(40),
  "第二回 张翼德怒鞭督邮\n\n刘备问道：“督邮何在？”张飞大怒，手执柳条。\n\n" + "众人劝解，刘备叹息不已。".repeat(40),
  "第三回 议温明董卓叱丁原\n\n董卓曰：“吾欲废帝。”丁原大怒。\n\n" + "群臣默然，无人敢言。啊".repeat(40),
  "第四回 废汉帝陈留践位\n\n曹操笑道：“此人可用。”刘备不语。\n\n" + "风雨交加，城门紧闭。".repeat(44),
];

/**
 * A book for the reports' notes, which carry figures and the writer's names (decision 0514): seven
 * bare lines of speech in a row in chapter 2 (talking heads), names the writer did not give (张飞,
 * 曹操), and a fifth chapter two and a half times the others' length (an outlier).
 */
const ANALYSED_CHAPTERS = [
  CHAPTERS[0]!,
  "第二回 张翼德怒鞭督邮\n\n" +
    ["刘备问道：“督邮何在？”", "张飞道：“在馆驿中。”", "刘备道：“速去请来。”", "张飞道：“我去便是！”", "关羽道：“三弟莫急。”", "张飞道：“二哥放心。”", "刘备道：“快去快回。”"].join("\n\n") +
    "\n\n" +
    "众人劝解，刘备叹息不已。".repeat(36),
  CHAPTERS[2]!,
  "第四回 废汉帝陈留践位\n\n曹操笑道：“此人可用。”刘备不语。曹操道：“不妨。”\n\n" + "风雨交加，城门紧闭。".repeat(44),
  "第五回 发矫诏诸镇应曹公\n\n曹操说：“天下英雄，唯使君与操耳。”刘备大惊。\n\n" + "诸侯起兵，旌旗蔽日，鼓角喧天。".repeat(120),
];

/** A Chinese book of the signed-in writer's with these chapters (four of about one length unless told), and its chapters' ids. */
async function chineseBook(request: APIRequestContext, title: string, contents = CHAPTERS): Promise<{ id: string; chapters: string[] }> {
  const made = await request.post("/api/v1/books", { data: { title, language: "zh" } });
  expect(made.status()).toBe(201);
  const id = (await made.json()).data.id as string;
  const chapters: string[] = [];
  for (const content of contents) {
    const chapter = await request.post(`/api/v1/books/${id}/chapters`, { data: { content } });
    expect(chapter.status()).toBe(201);
    chapters.push((await chapter.json()).data.id as string);
  }
  return { id, chapters };
}

async function install(request: APIRequestContext, q: string): Promise<string> {
  const found = await (await request.get(`/api/v1/analysis/search?q=${encodeURIComponent(q)}&per_page=1`)).json();
  const templateId = found.data[0].id as string;
  expect((await request.post("/api/v1/analysis/install", { data: { templateId } })).status()).toBe(201);
  return templateId;
}

/** The page has settled (its client components have asked the API) before English is looked for. */
async function settled(page: Page, heading: string) {
  await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
}

test("the story bible speaks Chinese: entries, an entry, its form and dialog, the relations graph and the continuity checks", async ({ page }) => {
  const { id } = await chineseBook(page.request, `三国演义 ${Date.now()}`);
  const liu = await page.request.post(`/api/v1/books/${id}/bible/entries`, { data: { kind: "character", name: "刘备", aliases: ["玄德"], description: "汉室宗亲。", status: { note: "白帝城托孤" }, tags: ["蜀汉"] } });
  expect(liu.status()).toBe(201);
  const liuId = (await liu.json()).data.id as string;
  const zhang = await page.request.post(`/api/v1/books/${id}/bible/entries`, { data: { kind: "门派", name: "张飞", aliases: ["飞"] } });
  expect(zhang.status()).toBe(201);
  const zhangId = (await zhang.json()).data.id as string;
  expect((await page.request.post(`/api/v1/books/${id}/bible/relations`, { data: { fromId: zhangId, toId: liuId, label: "义弟" } })).status()).toBe(201);

  await page.goto(`/books/${id}/bible`);
  await settled(page, "设定集");
  await expect(page.getByText("人物").first()).toBeVisible();
  await expectNoEnglish(page);
  // A new entry's form, sent without a name: a Chinese sentence, nothing saved.
  await page.getByRole("button", { name: "新建条目" }).click();
  await expectNoEnglish(page);
  await page.getByRole("button", { name: "加入设定集" }).click();
  await expect(page.getByText("请填写名称。")).toBeVisible();
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-bible.png", fullPage: true });

  // The entry: its card, its form, its one-character alias warned, and the delete dialog.
  await page.goto(`/books/${id}/bible/${zhangId}`);
  await settled(page, "设定集");
  await expect(page.getByText("“飞”是单个汉字")).toBeVisible();
  // the picture's formats and unit are written alike in Chinese
  await expectNoEnglish(page, ["WebP", "MiB"]);
  await page.getByRole("button", { name: "编辑条目" }).click();
  await expectNoEnglish(page, ["WebP", "MiB"]);
  await page.getByRole("button", { name: "取消" }).click();
  await page.getByRole("button", { name: "删除", exact: true }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoEnglish(page, ["WebP", "MiB"]);
  await page.screenshot({ path: "test-results/zh-bible-entry.png", fullPage: true });
  await page.keyboard.press("Escape");

  await page.goto(`/books/${id}/bible/graph`);
  await settled(page, "关系");
  await expect(page.getByRole("heading", { name: "列表" })).toBeVisible();
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-bible-graph.png", fullPage: true });

  await page.goto(`/books/${id}/bible/checks`);
  await settled(page, "连贯性检查");
  await expect(page.getByText(/共检查 4 章/)).toBeVisible();
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-bible-checks.png", fullPage: true });
});

test("the outline and the foreshadowing board speak Chinese, and a foreshadowing is planted in Chinese", async ({ page }) => {
  const { id, chapters } = await chineseBook(page.request, `诛仙 ${Date.now()}`);
  await page.goto(`/books/${id}/outline`);
  await settled(page, "大纲");
  await page.getByLabel(/的梗概$/).first().fill("桃园结义。");
  await page.getByLabel(/的梗概$/).first().press("Enter");
  await expect(page.getByTestId("outline-save-state")).toHaveText(/^已保存：/);
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-outline.png", fullPage: true });

  const planted = await page.request.post(`/api/v1/books/${id}/foreshadowings`, { data: { title: "噬魂棒的来历", setup: { chapterId: chapters[0] }, deadline: { chapterNumber: 6 } } });
  expect(planted.status()).toBe(201);
  await page.goto(`/books/${id}/foreshadowing`);
  await settled(page, "伏笔");
  await expect(page.getByText("还剩 2 章")).toBeVisible();
  await expectNoEnglish(page);
  await page.getByRole("button", { name: "埋下伏笔" }).click();
  await page.getByLabel("标题").fill("师父的秘密");
  await page.getByLabel("埋设于").selectOption({ index: 1 });
  await expectNoEnglish(page);
  await page.getByRole("button", { name: "埋下", exact: true }).click();
  await expect(page.getByRole("listitem", { name: "师父的秘密" })).toBeVisible();
  const card = page.getByRole("listitem", { name: "噬魂棒的来历" });
  await card.getByRole("button", { name: "回收…" }).click();
  await card.getByRole("button", { name: "编辑" }).click();
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-foreshadowing.png", fullPage: true });
});

test("Analyze, its results and Compare speak Chinese, built-in templates and the notes they write included", async ({ page }) => {
  const { id } = await chineseBook(page.request, `三国演义 ${Date.now()}`, ANALYSED_CHAPTERS);
  const other = await chineseBook(page.request, `水浒传 ${Date.now()}`);
  const threeAct = await install(page.request, "Three-Act Structure");
  await install(page.request, "Book overview");
  await install(page.request, "Pacing and rhythm");
  await install(page.request, "Pacing inside chapters");
  await install(page.request, "Character presence");

  await page.goto(`/analyze/${id}`);
  await settled(page, "拆书分析");
  await expectNoEnglish(page);
  await page.getByLabel("模板", { exact: true }).selectOption(threeAct);
  await page.getByLabel("要跟踪的人物").fill("刘备");
  await page.getByRole("button", { name: "运行全部已安装模板" }).click();
  const kept = page.getByRole("complementary", { name: "已保存的结果" }).getByRole("link");
  await expect(kept).toHaveCount(5, { timeout: 30_000 });
  // Each report's notes, worded in Chinese from their keys and values; the titles and names are the writer's.
  const notes: Record<string, RegExp[]> = {
    三幕结构: [/^第5章：偏长，\d+（平均 [\d.]+）。$/],
    作品概览: [],
    节奏与韵律: [/^第5章：偏长，\d+（平均 [\d.]+）。$/],
    章内节奏: [/^第2章：1 处连续对白（对话头），最长 7 句。$/],
    人物出场: [/^正文中还找到了这些名字：张飞、曹操。$/],
  };
  for (const [name, expected] of Object.entries(notes)) {
    await kept.filter({ hasText: name }).click();
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
    for (const note of expected) await expect(page.getByText(note).first()).toBeVisible();
    await page.locator("details summary").first().click();
    await expectNoEnglish(page);
    await page.screenshot({ path: `test-results/zh-analyze-${name}.png`, fullPage: true });
  }
  await expect(page.getByText("跟踪人物：刘备")).toBeVisible();

  await page.goto(`/analyze/${id}/compare?with=${other.id}`);
  await settled(page, "对比");
  await expect(page.getByRole("heading", { name: "转折点（三幕结构）" })).toBeVisible({ timeout: 30_000 });
  // each book's line about who speaks, worded from its key, the name the writer's
  await expect(page.getByText(/^三国演义 \d+：主要说话人：刘备 · 水浒传 \d+：主要说话人：\S+$/)).toBeVisible();
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-compare.png", fullPage: true });
});

test("the template gallery, a built-in template, and a template of the writer's own in the editor speak Chinese", async ({ page }) => {
  await page.request.post("/api/v1/books", { data: { title: `红楼梦 ${Date.now()}`, language: "zh" } });
  const saveTheCat = await install(page.request, "Save the Cat");
  await page.goto("/templates");
  await settled(page, "拆书模板");
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-templates.png", fullPage: true });

  await page.goto(`/templates/${saveTheCat}`);
  await settled(page, "救猫咪节拍表");
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-template.png", fullPage: true });

  // A template of the writer's own: their words stay theirs; everything around them is Chinese.
  await page.goto("/templates/new");
  await settled(page, "新建模板");
  await page.getByLabel("名称").fill("我的拆书模板");
  await page.getByRole("button", { name: "添加分析项" }).click();
  await page.getByLabel("参数（JSON）").fill("{ 不是 JSON");
  await page.getByLabel("参数（JSON）").blur();
  await expect(page.getByText(/第 1 行第 3 列不是有效的 JSON/).first()).toBeVisible();
  // the probe's parameter names are the JSON the writer types
  await expectNoEnglish(page, ["chapters", "true", "false", "null"]);
  await page.getByLabel("参数（JSON）").fill("{}");
  await page.getByRole("button", { name: "创建模板" }).click();
  await settled(page, "我的拆书模板");
  await expectNoEnglish(page);
  await page.getByRole("link", { name: "编辑", exact: true }).click();
  await settled(page, "编辑模板");
  await expectNoEnglish(page, ["chapters"]);
  await page.screenshot({ path: "test-results/zh-template-editor.png", fullPage: true });
});
