import { expect, test } from "./fixtures";
import { bookToAnalyze } from "./analysis-support";

// Issue 20 §2: each new built-in report, run from the Analyze page, shows its sections with a
// chart and a table. A screenshot of each result is attached to the test's output.
const REPORTS = [
  { query: "断章", name: /openings and endings/i, sections: ["Openings and endings 章首与断章"], chart: "bar", cell: "statement" },
  { query: "章内节奏", name: /pacing inside chapters/i, sections: ["Dialogue across each chapter 章内对话分布", "Dialogue, action, introspection, narration 段落类型"], chart: "heatmap", cell: "The Harbour" },
  { query: "说话人", name: /speakers and dialogue tags/i, sections: ["Who speaks 说话人", "Tag verbs and adverbs 对话动词"], chart: "bar", cell: "Mara" },
  { query: "赘词", name: /overused words/i, sections: ["Against published fiction 与出版小说对比"], chart: "bar", cell: "sentence openings" },
  { query: "伏笔", name: /term timeline/i, sections: ["Uses per chapter 每章出现次数"], chart: "heatmap", cell: "lamp" },
  { query: "情感曲线", name: /emotion arc/i, sections: ["Emotional lean per chapter 每章情感倾向"], chart: "line", cell: "Storm" },
] as const;

test("the reports for 拆书 and revision run from the Analyze page and show their charts and tables", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const bookId = await bookToAnalyze(page.request, "Reports of the Lantern Keeper");
  const templates: Record<string, { id: string; name: string }> = {};
  for (const report of REPORTS) {
    const found = await page.request.get(`/api/v1/analysis/search?q=${encodeURIComponent(report.query)}&per_page=1`);
    const [template] = (await found.json()).data as { id: string; name: string }[];
    expect(template!.name).toMatch(report.name);
    expect((await page.request.post("/api/v1/analysis/install", { data: { templateId: template!.id } })).status()).toBe(201);
    templates[report.query] = template!;
  }

  for (const report of REPORTS) {
    const template = templates[report.query]!;
    await page.goto(`/analyze/${bookId}`);
    await page.getByRole("combobox", { name: "Template", exact: true }).selectOption(template.id);
    await page.getByLabel("Characters to follow").fill("Mara, Tomas");
    await page.getByLabel("Words to trace").fill("lamp, letter");
    await page.getByRole("button", { name: "Run", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/analyze/${bookId}\\?analysis=`));
    for (const title of report.sections) await expect(page.getByRole("heading", { name: title, level: 3 })).toBeVisible();
    const first = page.getByRole("region", { name: report.sections[0] });
    const chart = first.locator(`[data-chart="${report.chart}"]`);
    await expect(chart).toBeVisible();
    await expect(chart.locator("svg path").first()).toBeAttached();
    await first.getByText(/^Table \(\d+ rows\)$/).click();
    await expect(first.getByRole("cell", { name: report.cell, exact: true }).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`${template.name.replace(/\W+/g, "-")}.png`), fullPage: true });
  }
  await expect(page.getByText(/tracing lamp, letter/)).toBeVisible();
});
