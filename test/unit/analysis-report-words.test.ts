// @module-tag shared
import { describe, expect, it } from "vitest";
import { beatName, builtInTemplateWords, CATEGORY_COLUMNS, ENGINE_SPEAKERS, reportIn, reportSentence, reportWord } from "@/app/(writer)/templates/_components/report-words";
import { MESSAGES } from "@/i18n/catalog";
import type { Locale } from "@/i18n/locales";
import { translatorFor } from "@/i18n/translator";
import { analyzeBookWithTemplates, BUILT_IN_TEMPLATES, PROBES, type AnalysisReport, type BookInput } from "@/server/analysis/engine";
import { UNNAMED, UNTAGGED } from "@/server/analysis/engine/attribution";
import { compareProfile } from "@/server/analysis/engine/compare/profile";
import { COMPARE_SERIES } from "@/server/analysis/engine/compare/registry";
import { noteArguments, type NoteValue, type NoteWords } from "@/server/analysis/engine/note-words";
import { compareNote, reportNote, reportValue, SENTENCES } from "@/server/analysis/engine/notes";
import { prepareBook } from "@/server/analysis/engine/prepare";
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
    // the cells that name the engine's categories, and the speakers it names itself
    ...section.table.rows.flatMap((row) => Object.entries(row).flatMap(([key, cell]) => (typeof cell === "string" && (CATEGORY_COLUMNS.has(key) || key === "speaker") ? [cell] : []))),
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
      // a speaker the text names ("Anna", "she") is the writer's word
      const text = book.chapters.map((chapter) => chapter.content).join("\n");
      expect([...new Set(untranslated)].filter((word) => !text.includes(word) && word !== "Elizabeth")).toEqual([]);
    }
    expect([...ENGINE_SPEAKERS].sort()).toEqual([UNNAMED, UNTAGGED].sort());
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

// Decision 0514: every sentence the engine writes (a note, a summary value that is a sentence, a
// Compare note) keeps its English for programs and, beside it, a key and its values; a page words
// it from the catalog in its own language, the writer's names and titles inserted as they are.

/** The Latin words a sentence worded in Chinese still holds once the values inserted in it are taken out. */
function latinLeft(chinese: string, words: NoteWords | undefined): string[] {
  let rest = chinese;
  const inserted = Object.values(words?.values ?? {}).flatMap((value) => (Array.isArray(value) ? value : typeof value === "object" ? value.anyOf : [String(value)]));
  for (const value of inserted.sort((a, b) => b.length - a.length)) rest = rest.split(value).join(" ");
  return rest.match(/[A-Za-z]+/g) ?? [];
}

/** Every sentence of a report: a note or a summary value, with its key and values when it has them. */
function sentencesOf(report: AnalysisReport) {
  return report.sections.flatMap((section) => [
    ...section.notes.map((text, index) => ({ group: "note" as const, text, words: section.noteWords?.[index], section })),
    ...section.summary.flatMap((figure) => (typeof figure.value === "string" ? [{ group: "value" as const, text: figure.value, words: figure.valueWords, section }] : [])),
  ]);
}

/** A data set's own name, written alike in every language (the emotion report's lexicon). */
const DATA_NAMES = new Set(["AFINN", "zh", "multilang", "sentiment"]);

describe("the engine's sentences in the page's language (decision 0514)", () => {
  it("every note and sentence value every built-in template writes, on a Chinese and an English book, has a key and a message in each language; the English message is the engine's sentence", async () => {
    const books: [BookInput, string[]][] = [
      [chineseBook, ["刘备", "Elizabeth", "林风"]],
      [englishBook, ["Anna", "Elizabeth"]],
    ];
    const keys = new Set<string>();
    for (const [book, characters] of books) {
      const reports = await analyzeBookWithTemplates(
        BUILT_IN_TEMPLATES.map((template) => template.definition),
        book,
        { characters, terms: ["玉佩", "mill"] },
      );
      for (const report of reports) {
        for (const section of report.sections) expect(section.noteWords?.length, `${section.probe}: a key for every note`).toBe(section.notes.length);
        for (const { group, text, words, section } of sentencesOf(report)) {
          const where = `${book.title} · ${section.probe} · ${text}`;
          if (words) {
            keys.add(`${group}.${words.key}`);
            for (const locale of ["en", "zh-CN"] as const) expect(translatorFor(locale, "analysisReport").has(`${group}.${words.key}` as "note.noChapters"), `${locale} ${group}.${words.key}`).toBe(true);
            expect(reportSentence("en", group, text, words), where).toBe(text);
          }
          // A Chinese page: nothing of ours left in English, whatever the writer's words are.
          // (an unkeyed value such as "刘备 & Elizabeth (0)" holds only names the writer gave)
          if (book === chineseBook) expect(latinLeft(reportSentence("zh-CN", group, text, words), words).filter((word) => !DATA_NAMES.has(word) && !characters.includes(word)), where).toEqual([]);
        }
      }
    }
    // the sentences the fixtures make, at the least
    expect([...keys]).toEqual(expect.arrayContaining(["note.otherNames", "note.neverFound", "note.fixedPlaces", "note.benchmark", "value.againstPublished", "value.termUses"]));
  });

  it("the catalogs hold a message for each of the engine's sentences and no other", () => {
    for (const locale of ["en", "zh-CN"] as const) {
      const report = MESSAGES[locale].analysisReport;
      expect(Object.keys(report.note).sort(), locale).toEqual(Object.keys(SENTENCES.reportNote).sort());
      expect(Object.keys(report.value).sort(), locale).toEqual(Object.keys(SENTENCES.reportValue).sort());
      expect(Object.keys(MESSAGES[locale].analysis.compare.note).sort(), locale).toEqual(Object.keys(SENTENCES.compareNote).sort());
    }
  });

  it("says each sentence in English exactly as the engine writes it, and in Chinese with the writer's words inserted and lists joined with 、", () => {
    const sentences = [
      reportNote("noChaptersInRange", { from: 4, to: 9 }),
      reportNote("noChaptersFrom", { from: 4 }),
      reportNote("neverFound", { names: ["貂蝉", "吕布"] }),
      reportNote("neverFoundInRange", { from: 1, to: 3, names: ["貂蝉"] }),
      reportNote("aloneCounted", { name: "Darcy", times: 1, counted: "Mr. Darcy", others: { anyOf: ["Georgiana"] } }),
      reportNote("aloneCounted", { name: "Bennet", times: 212, counted: "Mr. Bennet", others: { anyOf: ["Mrs. Bennet", "Jane", "Lydia"] } }),
      reportNote("aloneUncounted", { name: "Bingley", times: 12, could: { anyOf: ["Mr. Bingley", "Miss Bingley"] } }),
      reportNote("otherNames", { names: ["林风", "苏晴", "师父"] }),
      reportNote("credited", { tag: 12, pronoun: 3, beat: 1, turn: 0 }),
      reportNote("talkingHeads", { chapter: "第三章 城中", runs: 2, longest: 7 }),
      reportNote("introspection", { chapter: "第三章 城中", stretches: 1, longest: 612, unit: "zh" }),
      reportNote("introspection", { chapter: "Home", stretches: 1, longest: 312, unit: "mixed" }),
      reportNote("outlier", { chapter: "第二章 下山", kind: "long", words: 4512, mean: 2870.5 }),
      reportNote("outlier", { chapter: "The Letter", kind: "short", words: 17, mean: 28.3 }),
      reportNote("chaptersWithoutText", { count: 2 }),
      reportNote("termNeverFound", { term: "玉佩" }),
      reportNote("termUsesListed", { term: "玉佩", uses: 40, listed: 20 }),
      reportNote("lexicon", { lexicon: "AFINN-165" }),
      reportNote("benchmark", { books: ["红楼梦 (曹雪芹)", "鲁迅全集 (鲁迅)"], words: 1215521, unit: "zh" }),
      reportNote("benchmark", { books: ["Moby-Dick (Melville)"], words: 214354, unit: "en" }),
      ...(Object.keys(SENTENCES.reportNote) as (keyof typeof SENTENCES.reportNote)[])
        .filter((key) => SENTENCES.reportNote[key].length === 0)
        .map((key) => reportNote(key as "noChapters")),
    ];
    const values = [
      reportValue("mostWordsSpoken", { name: "林风", percent: 56.3 }),
      reportValue("againstPublished", { rate: 3.1, published: 2.4 }),
      reportValue("commonestOpening", { opening: "他", percent: 12 }),
      reportValue("termNeverFound"),
      reportValue("termUses", { uses: 2, first: "第一章 山门", last: "第三章 城中", gap: 12, unit: "zh" }),
    ].map(({ value, valueWords }) => ({ text: value, ...valueWords }));
    const told = (group: "note" | "value", sentence: { text: string; key: string; values: Record<string, NoteValue> }) => {
      expect(reportSentence("en", group, sentence.text, sentence), sentence.key).toBe(sentence.text);
      const chinese = reportSentence("zh-CN", group, sentence.text, sentence);
      expect(latinLeft(chinese, sentence).filter((word) => !DATA_NAMES.has(word)), `${sentence.key}: ${chinese}`).toEqual([]);
      return chinese;
    };
    const chinese = [...sentences.map((sentence) => told("note", sentence)), ...values.map((sentence) => told("value", sentence))];
    expect(chinese).toEqual(
      expect.arrayContaining([
        "正文中没有找到：貂蝉、吕布。",
        "正文中还找到了这些名字：林风、苏晴、师父。",
        "单独出现的“Bennet”（212 次）计入Mr. Bennet，即以此为姓的男子；也可能指Mrs. Bennet、Jane或Lydia。",
        "第三章 城中：2 处连续对白（对话头），最长 7 句。",
        "第二章 下山：偏长，4512（平均 2870.5）。",
        "对照语料：红楼梦 (曹雪芹)、鲁迅全集 (鲁迅)（共 1,215,521 字）。",
        "3.1（出版小说 2.4）",
      ]),
    );
    // "A, B, or C" in English, as the page joins alternatives
    expect(sentences[5]!.text).toBe("“Bennet” alone (212 times) is counted for Mr. Bennet, the man of the name; it could be Mrs. Bennet, Jane, or Lydia.");
  });

  it("shows a report kept before its sentences had keys as it was written, a sentence without figures still in Chinese", () => {
    expect(reportSentence("zh-CN", "note", "This book has no chapters yet.", undefined)).toBe("这本书还没有章节。");
    expect(reportSentence("zh-CN", "value", "never found", undefined)).toBe("没有找到");
    expect(reportSentence("zh-CN", "note", "Chapter 3 is long: 4512 against a mean of 2870.", undefined)).toBe("Chapter 3 is long: 4512 against a mean of 2870.");
  });

  it("words Compare's note about each book from its key, the lead speaker's name as it is", async () => {
    const profile = compareProfile(await prepareBook(chineseBook), ["lead-speaker"]);
    const words = profile.noteWords["lead-speaker"]!;
    const say = (locale: Locale) =>
      translatorFor(locale, "analysis.compare")(`note.${words.key}` as "note.leadSpeaker", noteArguments(words.values, locale, translatorFor(locale, "analysisReport")("list.separator")) as { name: string });
    expect(say("en")).toBe(profile.notes["lead-speaker"]);
    expect(say("zh-CN")).toMatch(/^主要说话人：(林风|苏晴|师父)$/);
    expect(compareNote("noLeadSpeaker").text).toBe(translatorFor("en", "analysis.compare")("note.noLeadSpeaker"));
  });
});
