import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure, expectSuccess, get, post, waitForJob } from "../support/http-client";
import { builtInTemplate, install } from "../support/http-analysis";
import { createBook, uploadChapter } from "../support/http-books";
import { signUp, type Account } from "../support/http-users";

// Issue 20 §2: the six built-in reports, run over REST on a book and read back. The figures are
// counted by hand from the chapters below (the engine's own tests count them in more detail).

interface Section {
  id: string;
  summary: { label: string; value: string | number }[];
  table: { rows: Record<string, string | number | null>[] };
  chart: { type: string } | null;
  notes: string[];
}

let writer: Account;
let english: string;
let chinese: string;

beforeAll(async () => {
  writer = await signUp("analysis-reports");
  english = (await createBook(writer.token, { title: "Reports" })).id;
  // Chapter 1: 4 + 13 + 4 words, ends on a question. Chapter 2: speech tagged "said Anna" and "Tom replied".
  await uploadChapter(writer.token, english, "The house was dark.\n\nAnna lit a candle and waited for a long time by the window.\n\nWho was out there?", "One");
  await uploadChapter(writer.token, english, "“I found the ring,” said Anna happily.\n\n“Keep it,” Tom replied.\n\nShe felt very happy...", "Two");
  chinese = (await createBook(writer.token, { title: "报告", language: "zh" })).id;
  await uploadChapter(writer.token, chinese, "玄德曰：“先生何来？”\n\n孔明笑道：“特来相助。”\n\n他捡到一枚玉佩。", "第一章");
  await uploadChapter(writer.token, chinese, "玉佩碎了！", "第二章");
});

/**
 * Runs an installed template and answers the stored analysis: at once (201), or through its job
 * when the run takes longer (202; the first Chinese run loads jieba's dictionary).
 */
async function runOn(token: string, bookId: string, templateId: string, parameters?: Record<string, unknown>) {
  await install(token, templateId);
  const response = await post(`/api/v1/books/${bookId}/analyses`, token, { templateId, ...(parameters && { parameters }) });
  if (response.status === 201) return expectSuccess(response, 201);
  const job = await waitForJob(token, expectSuccess(response, 202).id);
  expect(job.status, JSON.stringify(job.error)).toBe("succeeded");
  return expectSuccess(await get(`/api/v1/books/${bookId}/analyses/${job.result.analysisId}`, token), 200);
}

/** A built-in found by a query, checked to be the one named. */
async function builtIn(query: string, name: RegExp) {
  const template = await builtInTemplate(writer.token, query);
  expect(template.name).toMatch(name);
  return template;
}
const section = (analysis: { report: { sections: Section[] } }, id: string) => analysis.report.sections.find((s) => s.id === id)!;
const figure = (s: Section, label: string) => s.summary.find((item) => item.label === label)?.value;

describe("the reports 拆书 and revision need, over REST", () => {
  it("chapter openings and endings", async () => {
    const template = await builtIn("断章", /openings and endings/i);
    const ends = section(await runOn(writer.token, english, template.id), "ends");
    expect(ends.table.rows.map((row) => [row.ending, row.lastSentence])).toEqual([
      ["question", 4],
      ["ellipsis", 4],
    ]);
    expect(figure(ends, "End on a question")).toBe(1);
    expect(ends.chart?.type).toBe("bar");
  });

  it("pacing inside chapters", async () => {
    const template = await builtIn("章内节奏", /pacing inside chapters/i);
    const analysis = await runOn(writer.token, english, template.id);
    // Chapter 2: 6 words spoken of 15 (inside the quotes, decision 0503), the tags (said Anna happily, Tom replied) narration, and an introspective line (felt, 4).
    expect(section(analysis, "kinds").table.rows[1]).toMatchObject({ dialogue: 40, introspection: 26.7, narration: 33.3 });
    expect(section(analysis, "strip").chart?.type).toBe("heatmap");
  });

  it("speakers and dialogue tags, in English and Chinese", async () => {
    const template = await builtIn("说话人", /speakers and dialogue tags/i);
    const analysis = await runOn(writer.token, english, template.id, { characters: ["Anna", "Tom"] });
    expect(section(analysis, "speakers").table.rows.map((row) => [row.speaker, row.lines, row.words])).toEqual([
      ["Anna", 1, 4],
      ["Tom", 1, 2],
    ]);
    expect(section(analysis, "tags").table.rows.map((row) => row.word)).toEqual(["happily", "replied", "said"]);
    const zh = await runOn(writer.token, chinese, template.id, { characters: ["刘备|玄德", "诸葛亮|孔明"] });
    expect(section(zh, "speakers").table.rows.map((row) => [row.speaker, row.verbs])).toEqual([
      ["刘备", "曰 1"],
      ["诸葛亮", "笑道 1"],
    ]);
  });

  it("overused words against published fiction", async () => {
    const template = await builtIn("赘词", /overused words/i);
    const overuse = section(await runOn(writer.token, english, template.id), "overuse");
    // 21 + 15 = 36 words: happily (-ly), felt (filter), very (intensifier), each 1,000 / 36 per 1,000.
    expect(overuse.table.rows.filter((row) => row.category !== "sentence openings").map((row) => [row.word, row.uses, row.per1000])).toEqual([
      ["happily", 1, 27.78],
      ["felt", 1, 27.78],
      ["very", 1, 27.78],
    ]);
    expect(overuse.notes.join(" ")).toMatch(/Benchmark: Pride and Prejudice/);
  });

  it("term timeline: the run's terms, over REST, and a refused one", async () => {
    const template = await builtIn("伏笔", /term timeline/i);
    const analysis = await runOn(writer.token, chinese, template.id, { terms: ["玉佩"] });
    expect(analysis.parameters).toEqual({ terms: ["玉佩"] });
    const timeline = section(analysis, "timeline");
    // Uses are placed at their sentence's start: 玄德曰先生何来 (7) + 孔明笑道特来相助 (8) = 15, then
    // 他捡到一枚玉佩 (7) makes the second chapter's sentence start at 22: a gap of 7.
    expect(timeline.table.rows.map((row) => [row.chapter, row.gap, row.context])).toEqual([
      ["第一章", null, "他捡到一枚[玉佩]。"],
      ["第二章", 7, "[玉佩]碎了！"],
    ]);
    const refused = await post(`/api/v1/books/${chinese}/analyses`, writer.token, { templateId: template.id, parameters: { terms: "玉佩" } });
    expect(expectFailure(refused, 422, "validation_failed")).toContainEqual(expect.objectContaining({ path: "parameters.terms" }));
  });

  it("emotion arc, labelled a lexicon measure", async () => {
    const template = await builtIn("情感曲线", /emotion arc/i);
    const arc = section(await runOn(writer.token, english, template.id), "arc");
    // Chapter 2: happy +3 (AFINN-165 does not rate "happily").
    expect(arc.table.rows.map((row) => row.score)).toEqual([0, 3]);
    expect(figure(arc, "Lexicon")).toBe("AFINN-165");
    expect(arc.notes.join(" ")).toMatch(/lexicon measure/);
    const list = expectSuccess(await get(`/api/v1/books/${english}/analyses?per_page=100`, writer.token), 200) as { templateName: string }[];
    expect(list.map((a) => a.templateName)).toContain(template.name);
  });
});
