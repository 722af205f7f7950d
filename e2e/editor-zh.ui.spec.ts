// Issue 32 item 1 (decisions 0504, 0511): the chapter editor, its dialogs and panels, the reading
// views, snapshots, readers and the book's comments in a zh-CN browser. Every page and dialog is
// opened with Chinese fixtures and checked for English left over; a few flows are walked in
// Chinese (a refused title, a conflict, a snapshot whose name is taken, CodeMirror's search).
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, expectNoEnglish, test } from "./chinese-interface";
import { newWriter, signUpViaApi, SIGNED_OUT } from "./support";

/** The editor's text, named in Chinese (“《第一章 渡口》正文”). */
const editorText = (page: Page) => page.getByRole("textbox", { name: /正文$/ });

/** The caret at the end of the text. */
async function toEnd(page: Page): Promise<void> {
  await editorText(page).click();
  await page.keyboard.press("Control+End");
}

/** Key caps print their names in Latin letters in every language (作家助手 writes “Ctrl+S 保存” too). */
const KEY_CAPS = ["Alt", "Page", "Down", "Up", "Ctrl", "Shift", "Esc", "Tab", "Mac"];

interface ZhBook {
  bookId: string;
  chapters: { chapterId: string; path: string; api: string }[];
}

/** A Chinese book with Chinese chapters, made over the REST API as the signed-in writer. */
async function chineseBook(request: APIRequestContext, chapters: { title: string; content: string }[]): Promise<ZhBook> {
  const book = await request.post("/api/v1/books", { data: { title: `青石镇旧事 ${Date.now()}`, language: "zh-CN" } });
  expect(book.status(), await book.text()).toBe(201);
  const bookId = (await book.json()).data.id as string;
  const made: ZhBook["chapters"] = [];
  for (const chapter of chapters) {
    const response = await request.post(`/api/v1/books/${bookId}/chapters`, { data: chapter });
    expect(response.status(), await response.text()).toBe(201);
    const chapterId = (await response.json()).data.id as string;
    made.push({ chapterId, path: `/books/${bookId}/chapters/${chapterId}`, api: `/api/v1/books/${bookId}/chapters/${chapterId}` });
  }
  return { bookId, chapters: made };
}

const FIRST = "　　天刚亮，渡船就离了岸。\n\n　　码头上没有一个人挥手。\n\n* * *\n\n　　海鸥远远地跟着。<!-- 备注：这里要不要删？ -->";
const SECOND = "　　浪从船底涌起来。";

/** Another Chinese-speaking person on the book, in a zh-CN browser of their own. */
async function chineseMember(browser: Browser, baseURL: string | undefined, request: APIRequestContext, bookId: string, role: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: SIGNED_OUT, locale: "zh-CN" });
  const page = await context.newPage();
  const writer = { ...newWriter(`zh-${role}`), name: "周编辑" };
  await signUpViaApi(page.request, writer);
  const added = await request.post(`/api/v1/books/${bookId}/members`, { data: { email: writer.email, role } });
  expect(added.status(), await added.text()).toBe(201);
  await page.goto("/sign-in");
  await page.getByLabel("邮箱").fill(writer.email);
  await page.getByLabel("密码").fill(writer.password);
  await page.getByRole("button", { name: "登录" }).click();
  await page.getByRole("heading", { name: "我的作品" }).waitFor();
  return page;
}

test("the chapter editor, its panels and dialogs speak Chinese", async ({ page }) => {
  const { bookId, chapters } = await chineseBook(page.request, [
    { title: "第一章 渡口", content: FIRST },
    { title: "第二章 出海", content: SECOND },
  ]);
  const [one] = chapters;
  // A comment and a suggestion on the text, so their panels show a thread and a difference.
  expect((await page.request.post(`/api/v1/books/${bookId}/chapters/${one!.chapterId}/threads`, { data: { start: 2, end: 5, quote: "天刚亮", body: "这句很好。" } })).status()).toBe(201);
  expect((await page.request.post(`/api/v1/books/${bookId}/chapters/${one!.chapterId}/suggestions`, { data: { start: 2, end: 5, quote: "天刚亮", replacement: "天蒙蒙亮" } })).status()).toBe(201);

  await page.goto(one!.path);
  await expect(page).toHaveTitle(/第一章 渡口/);
  await expect(editorText(page)).toContainText("码头上没有一个人挥手");
  await expect(page.getByTestId("save-state")).toHaveText("已保存");
  await expectNoEnglish(page, KEY_CAPS);
  await page.screenshot({ path: "test-results/zh-editor.png", fullPage: true });

  // A refused title, said in Chinese on the field, as specifically as the API's schema refuses it (decision 0515).
  const title = page.getByLabel("章节标题");
  await title.fill("");
  await expect(title).toHaveAccessibleDescription(/不能为空/);
  await title.fill("长".repeat(201));
  await expect(title).toHaveAccessibleDescription(/不能超过 200 个字符/);
  await expectNoEnglish(page, KEY_CAPS);
  await page.locator("#chapter-title-error").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/zh-editor-refused-title.png" });
  await title.fill("第一章 渡口");

  // The panels beside the text.
  await page.getByRole("button", { name: /^批注/ }).click();
  await page.getByRole("button", { name: /^修改建议/ }).click();
  await page.getByRole("button", { name: "场景" }).click();
  await expect(page.getByRole("heading", { name: "场景" })).toBeVisible();
  await expect(page.getByRole("article", { name: "对“天刚亮”的批注" })).toBeVisible();
  await expect(page.getByRole("article", { name: "对“天刚亮”的修改建议" })).toBeVisible();
  await page.getByRole("button", { name: "按分隔行拆分场景" }).click();
  await expect(page.getByText("分成了 2 个场景。")).toBeVisible();
  await expectNoEnglish(page, KEY_CAPS);
  await page.screenshot({ path: "test-results/zh-editor-panels.png", fullPage: true });

  // CodeMirror's own search panel (its phrases).
  await editorText(page).click();
  await page.keyboard.press("Control+f");
  await expect(page.getByRole("textbox", { name: "查找" })).toBeVisible();
  await expectNoEnglish(page, KEY_CAPS);
  await page.screenshot({ path: "test-results/zh-editor-search.png" });
  await page.keyboard.press("Escape");

  // History: the versions and one's changes.
  await page.getByRole("button", { name: "历史版本" }).click();
  const history = page.getByRole("dialog", { name: "历史版本" });
  // Each version's moment as every Chinese page writes one (decision 0516): 2026年3月3日 14:05.
  await expect(history.getByRole("button", { name: /^第 1 版/ })).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}/);
  await history.getByRole("button", { name: /^第 1 版/ }).click();
  await expect(history.getByRole("button", { name: "恢复第 1 版" })).toBeVisible();
  await expectNoEnglish(page, KEY_CAPS);
  await page.screenshot({ path: "test-results/zh-editor-history.png" });
  await history.getByRole("button", { name: "关闭" }).click();

  // The bible's quick form on a selected name.
  await page.getByRole("button", { name: "加入设定集" }).click();
  await expect(page.getByRole("status").filter({ hasText: "请先在正文中选中一个名字" })).toBeVisible();
  await editorText(page).getByText("码头上没有一个人挥手").dblclick();
  await page.getByRole("button", { name: "加入设定集" }).click();
  await expect(page.getByRole("dialog", { name: "加入设定集" })).toBeVisible();
  await expectNoEnglish(page, KEY_CAPS);
});

test("a conflict and a sign-in are explained in Chinese", async ({ page }) => {
  const { chapters } = await chineseBook(page.request, [{ title: "第一章 渡口", content: "开头。" }]);
  const [one] = chapters;
  await page.goto(one!.path);
  await toEnd(page);
  // Saved elsewhere meanwhile: this tab's next save meets it.
  expect((await page.request.patch(one!.api, { data: { version: 1, content: "开头。别处的修改。" } })).status()).toBe(201);
  await page.keyboard.type("这里的修改。");
  const conflict = page.getByRole("dialog", { name: "本章已在别处修改" });
  await expect(conflict.getByRole("button", { name: "两者都保留" })).toBeVisible();
  await expect(conflict.getByRole("region", { name: "另一个版本与你的版本的差异" })).toBeVisible();
  await expect(page.getByTestId("save-state")).toHaveText("已在别处修改");
  await expectNoEnglish(page, KEY_CAPS);
  await page.screenshot({ path: "test-results/zh-editor-conflict.png" });
  await conflict.getByRole("button", { name: "两者都保留" }).click();
  await expect(page.getByTestId("save-state")).toHaveText("已保存");
  await expect(page.getByRole("status").filter({ hasText: "保存在历史版本里" })).toBeVisible();

  // The session ends: the sign-in dialog, and a wrong password said in Chinese.
  await page.context().clearCookies();
  await toEnd(page);
  await page.keyboard.type("会话结束之后。");
  const signIn = page.getByRole("dialog", { name: "登录后继续保存" });
  await expect(signIn).toBeVisible();
  await signIn.getByLabel("密码").fill("不是密码");
  await signIn.getByRole("button", { name: "登录并保存" }).click();
  await expect(signIn.getByRole("alert")).toContainText("邮箱和密码对不上任何账号");
  await expectNoEnglish(page, KEY_CAPS);
  await page.screenshot({ path: "test-results/zh-editor-sign-in.png" });
});

test("snapshots, readers, reading and the book's comments speak Chinese", async ({ page, browser, baseURL }) => {
  const { bookId, chapters } = await chineseBook(page.request, [
    { title: "第一章 渡口", content: FIRST },
    { title: "第二章 出海", content: SECOND },
  ]);
  for (const chapter of chapters) expect((await page.request.patch(`${chapter.api}/release`, { data: { released: true } })).status()).toBe(201);
  expect((await page.request.post(`/api/v1/books/${bookId}/chapters/${chapters[0]!.chapterId}/threads`, { data: { start: 2, end: 5, quote: "天刚亮", body: "这句很好。" } })).status()).toBe(201);

  // Snapshots: one made on the page, a second with the same name refused in Chinese, then compared.
  await page.goto(`/books/${bookId}/snapshots`);
  await expect(page.getByRole("heading", { name: "快照", level: 1 })).toBeVisible();
  await expectNoEnglish(page);
  const form = page.getByRole("form", { name: "创建快照" });
  await form.getByLabel("名称").fill("第一稿（试读）");
  await form.getByRole("button", { name: "创建快照" }).click();
  await expect(form.getByRole("status")).toContainText("包含 2 章");
  await form.getByLabel("名称").fill("第一稿（试读）");
  await form.getByRole("button", { name: "创建快照" }).click();
  await expect(form.getByText("本书已有名为“第一稿（试读）”的快照。")).toBeVisible();
  expect((await page.request.patch(chapters[0]!.api, { data: { version: 1, content: `${FIRST}\n\n　　又加了一段。` } })).status()).toBe(201);
  await page.reload();
  await page.getByRole("button", { name: "把“第一稿（试读）”与今天的稿子比对" }).click();
  await page.getByRole("button", { name: "显示“第一章 渡口”的改动" }).click();
  await expect(page.getByRole("region", { name: "改动", exact: true })).toContainText("又加了一段");
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-snapshots.png", fullPage: true });
  await page.getByRole("button", { name: "从“第一稿（试读）”恢复“第一章 渡口”" }).click();
  await expect(page.getByRole("dialog", { name: "从“第一稿（试读）”恢复“第一章 渡口”？" })).toBeVisible();
  await expectNoEnglish(page);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "删除快照“第一稿（试读）”" }).click();
  await expect(page.getByRole("dialog", { name: "删除快照“第一稿（试读）”？" })).toBeVisible();
  await expectNoEnglish(page);
  await page.keyboard.press("Escape");

  // Readers: the snapshot shared, and what a beta reader did with it.
  await page.goto(`/books/${bookId}/readers`);
  await page.getByLabel("读者阅读的快照").selectOption({ label: "第一稿（试读）" });
  await page.getByRole("button", { name: "保存分享设置" }).click();
  await expect(page.getByText("读者正在读第一稿（试读）。")).toBeVisible();
  const reader = await chineseMember(browser, baseURL, page.request, bookId, "beta_reader");
  await reader.goto(`/books/${bookId}/reading`);
  const pages = reader.getByTestId("reading-pages");
  await expect(pages).toContainText("码头上没有一个人挥手");
  await expect(reader.getByText(/^第 1 页，共 \d+ 页$/)).toBeVisible();
  await pages.getByText("码头上没有一个人挥手").click();
  await reader.getByRole("toolbar", { name: "对这一段表态" }).getByRole("button", { name: "意外" }).click();
  await expect(pages.getByText("码头上没有一个人挥手")).toContainText("😮");
  await expectNoEnglish(reader);
  await reader.screenshot({ path: "test-results/zh-reading.png", fullPage: true });
  await reader.context().close();
  await page.reload();
  await expect(page.getByRole("list", { name: "读者读到哪里" }).first()).toContainText("读者 1");
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-readers.png", fullPage: true });

  // The book's comments, each view of them.
  await page.goto(`/books/${bookId}/comments`);
  await expect(page.getByRole("heading", { name: "批注", level: 1 })).toBeVisible();
  await expect(page.getByText("这句很好。")).toBeVisible();
  await expectNoEnglish(page);
  await page.screenshot({ path: "test-results/zh-comments.png", fullPage: true });
  await page.getByRole("link", { name: "已解决" }).click();
  await expect(page.getByText("这里没有批注。")).toBeVisible();
  await expectNoEnglish(page);
});

test("a chapter read by an editor, who comments and suggests, speaks Chinese", async ({ page, browser, baseURL }) => {
  const { bookId, chapters } = await chineseBook(page.request, [
    { title: "第一章 渡口", content: FIRST },
    { title: "第二章 出海", content: SECOND },
  ]);
  const editor = await chineseMember(browser, baseURL, page.request, bookId, "editor");
  await editor.goto(chapters[0]!.path);
  await expect(editor.getByRole("heading", { name: "第一章 渡口" })).toBeVisible();
  await expect(editor.getByText("编辑 · 阅读")).toBeVisible();
  // Nothing of the chapter's text selected (the caret in its title): the hint says what to do.
  await editor.getByRole("heading", { name: "第一章 渡口" }).click();
  await editor.getByRole("button", { name: "批注选中的文字" }).click();
  await expect(editor.getByRole("status")).toHaveText("请先选中本章的文字，再点“批注选中的文字”。");
  await expectNoEnglish(editor);
  await editor.screenshot({ path: "test-results/zh-chapter-reading.png", fullPage: true });
  await editor.context().close();
});
