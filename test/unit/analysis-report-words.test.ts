import { describe, expect, it } from "vitest";
import { beatName, builtInTemplateWords, reportIn, reportWord } from "@/app/(writer)/templates/_components/report-words";
import { MESSAGES } from "@/i18n/catalog";
import { analyzeBookWithTemplates, BUILT_IN_TEMPLATES, PROBES, type AnalysisReport } from "@/server/analysis/engine";
import { COMPARE_SERIES } from "@/server/analysis/engine/compare/registry";
import { chineseBook, englishBook } from "../fixtures/analysis/books";

// Decision 0512: a built-in template's words and the engine's report words reach a Chinese page
// through catalogs keyed by what does not change (the template's slug, a section's id, a beat's
// place); a writer's own template is shown in their own words.

/** Every word of a report a person reads that the engine (not the writer, nor the book) wrote. */
function engineWords(report: AnalysisReport): string[] {
  return report.sections.flatMap((section) => [
    ...section.summary.flatMap((figure) => [figure.label, figure.unit ?? ""]),
    ...section.table.columns.flatMap((column) => [column.label, column.unit ?? ""]),
    ...(section.chart?.type === "bar" || section.chart?.type === "line" ? [...section.chart.series.map((s) => s.name), section.chart.yLabel ?? ""] : []),
    ...(section.probe === "overuse" ? section.table.rows.map((row) => String(row.category)) : []),
    ...section.table.rows.filter((row) => row.chapter === "Total").map(() => "Total"),
  ]).filter((word) => /[A-Za-z]/.test(word) && !/\p{Script=Han}/u.test(word) && !/^[A-Z]{2,6}$/.test(word));
}

describe("a built-in template's words (decision 0512)", () => {
  it("the English catalog holds each built-in template's words exactly as the engine declares them", () => {
    const english = MESSAGES.en.analysisTemplates as Record<string, { name: string; summary: string; description: string; sections: Record<string, string>; beats?: Record<string, string> }>;
    expect(Object.keys(english).sort()).toEqual(BUILT_IN_TEMPLATES.map((template) => template.slug).sort());
    for (const template of BUILT_IN_TEMPLATES) {
      const words = english[template.slug]!;
      expect([words.name, words.summary, words.description], template.slug).toEqual([template.name, template.summary, template.description]);
      expect(words.sections, template.slug).toEqual(Object.fromEntries(template.definition.sections.map((section) => [section.id, section.title])));
      const beats = template.definition.sections.flatMap((section) => ((section.params as { beats?: { name: string }[] } | undefined)?.beats ?? []).map((beat) => beat.name));
      expect(Object.values(words.beats ?? {}), template.slug).toEqual(beats);
    }
  });

  it("the English catalog names and describes every probe as the engine does", () => {
    expect(MESSAGES.en.analysis.probe).toEqual(Object.fromEntries(PROBES.map((probe) => [probe.id, probe.name])));
    expect(MESSAGES.en.analysis.probeAbout).toEqual(Object.fromEntries(PROBES.map((probe) => [probe.id, probe.description])));
  });

  it("names a built-in template, its sections and beats in Chinese; a writer's template has none", () => {
    expect(builtInTemplateWords("zh-CN", "save-the-cat")?.name).toBe("救猫咪节拍表");
    expect(builtInTemplateWords("zh-CN", "three-act-structure")?.sections.beats).toBe("转折点——各自通常出现的位置");
    expect(beatName("zh-CN", "save-the-cat", "Dark Night of the Soul")).toBe("灵魂黑夜");
    expect(beatName("zh-CN", "kishotenketsu", "转 Ten — twist")).toBe("转——转折");
    // a beat the writer renamed in their copy, and a writer's own template, keep their words
    expect(beatName("zh-CN", "save-the-cat", "The cat is saved")).toBe("The cat is saved");
    expect(builtInTemplateWords("zh-CN", "my-own-template")).toBeNull();
    expect(beatName("en", "save-the-cat", "Dark Night of the Soul")).toBe("Dark Night of the Soul");
  });
});

describe("a report in the page's language (decision 0512)", () => {
  it("leaves an English page's report as the engine wrote it", async () => {
    const [report] = await analyzeBookWithTemplates([BUILT_IN_TEMPLATES.find((t) => t.slug === "book-overview")!.definition], englishBook);
    expect(reportIn("en", report!, "book-overview")).toBe(report);
  });

  it("has a Chinese word for every label, unit and series every built-in template writes, on a Chinese and an English book", async () => {
    for (const book of [chineseBook, englishBook]) {
      const reports = await analyzeBookWithTemplates(
        BUILT_IN_TEMPLATES.map((template) => template.definition),
        book,
        { characters: ["刘备", "Elizabeth"], terms: ["玉佩"] },
      );
      const untranslated = reports.flatMap((report, index) => engineWords(reportIn("zh-CN", report, BUILT_IN_TEMPLATES[index]!.slug)));
      expect([...new Set(untranslated)]).toEqual([]);
    }
  });

  it("translates a built-in template's section titles and beats, and keeps a writer's own section titles", async () => {
    const threeAct = BUILT_IN_TEMPLATES.find((t) => t.slug === "three-act-structure")!;
    const [report] = await analyzeBookWithTemplates([threeAct.definition], chineseBook);
    const chinese = reportIn("zh-CN", report!, "three-act-structure");
    expect(chinese.sections.map((s) => s.title)).toEqual(["转折点——各自通常出现的位置", "章节长度"]);
    const beats = chinese.sections[0]!.chart;
    expect(beats?.type === "beats" && beats.beats.map((b) => b.name)).toContain("激励事件");
    // the beat sheet's table names them too
    expect(chinese.sections[0]!.table.rows.map((row) => row.beat)).toEqual(["开场", "激励事件", "第一情节点", "第一挤压点", "中点", "第二挤压点", "第二情节点", "高潮", "结局"]);
    // the same sections in a template the writer made: their titles are theirs
    expect(reportIn("zh-CN", report!, null).sections.map((s) => s.title)).toEqual(report!.sections.map((s) => s.title));
    expect(reportWord("zh-CN", "Chapter length")).toBe("章节长度");
    expect(reportWord("zh-CN", "A sentence the catalog does not hold")).toBe("A sentence the catalog does not hold");
  });
});

describe("Compare's words (decision 0512)", () => {
  it("the English catalog names each series as the engine does, so an English page reads as before", () => {
    const english = MESSAGES.en.analysis.compare.series as Record<string, string>;
    for (const series of COMPARE_SERIES) expect(english[series.key], series.key).toBe(series.label);
  });
});
