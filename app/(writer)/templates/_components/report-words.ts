import { MESSAGES } from "@/i18n/catalog";
import type { Locale } from "@/i18n/locales";
import { translatorFor } from "@/i18n/translator";
import { noteArguments, type NoteWords } from "@/server/analysis/engine/note-words";
import type { AnalysisReport } from "@/server/analysis/engine/report";
import { BUILT_IN_TEMPLATES } from "@/server/analysis/engine/templates";

/**
 * How a stored report and a built-in template reach a page in its language (decision 0512).
 *
 * A report is stored as the engine wrote it, in English (the API returns it as it is: a program
 * must not read other words because of a person's preference). A page translates what it knows:
 * - a built-in template's name, summary, description, section titles and beat names, from the
 *   `analysisTemplates` catalog keyed by the template's stable slug, the section's id and the
 *   beat's place in the built-in definition;
 * - the words the engine's probes write (labels, units, series, categories), from the
 *   `analysisReport` catalog's `word` group, whose English messages are those very words: the
 *   English is looked up and the same key's message in the page's language shown (plain text);
 * - the engine's sentences (notes, and summary values that are sentences), from the key and values
 *   the report keeps beside each (decision 0514): the `note` and `value` groups' ICU messages, with
 *   the values inserted as they are (names, chapter titles and terms are the writer's words) and
 *   lists joined as the language joins them. A report kept before 0514 has no keys: a sentence
 *   without figures is still recognised by its English, any other is shown as written.
 * A writer-made template's names and section titles are the writer's own words and are shown as
 * they are, as is anything the catalog does not hold.
 */

type Words = Record<string, string>;
const englishWords = MESSAGES.en.analysisReport.word as Words;
const keyOfEnglish = new Map(Object.entries(englishWords).map(([key, english]) => [english, key]));

type TemplateWords = { name: string; summary: string; description: string; sections: Words; beats?: Words };
const templateWords = (locale: Locale, slug: string): TemplateWords | undefined => (MESSAGES[locale].analysisTemplates as Record<string, TemplateWords>)[slug];

/** Each built-in template's beat names in English, by slug, in the order the catalog numbers them. */
const BUILT_IN_BEATS = new Map(
  BUILT_IN_TEMPLATES.map((template) => [
    template.slug,
    template.definition.sections.flatMap((section) => ((section.params as { beats?: { name: string }[] }).beats ?? []).map((beat) => beat.name)),
  ]),
);

/** An engine word in the page's language, or as it is when the catalog does not hold it. */
export function reportWord(locale: Locale, english: string): string {
  if (locale === "en") return english;
  const key = keyOfEnglish.get(english);
  return key ? ((MESSAGES[locale].analysisReport.word as Words)[key] ?? english) : english;
}

type Sentences = "note" | "value";
/** The English of the sentences that take no values, for a report kept before its sentences had keys. */
const plainSentences = (group: Sentences) =>
  new Map(Object.entries(MESSAGES.en.analysisReport[group] as Words).flatMap(([key, english]) => (english.includes("{") ? [] : [[english, key] as const])));
const PLAIN = { note: plainSentences("note"), value: plainSentences("value") };

/** One translator per language for every sentence of every report: a report words tens of them. */
const translators = new Map<Locale, ReturnType<typeof translatorFor<"analysisReport">>>();
const reportTranslator = (locale: Locale) => translators.get(locale) ?? translators.set(locale, translatorFor(locale, "analysisReport")).get(locale)!;

/**
 * An engine sentence (a note: `note`; a summary value: `value`) in the page's language, worded from
 * its key and values; the English as the engine wrote it when it has no key the catalog holds.
 */
export function reportSentence(locale: Locale, group: Sentences, english: string, words: NoteWords | undefined): string {
  const t = reportTranslator(locale);
  const key = words?.key ?? PLAIN[group].get(english);
  const path = `${group}.${key}` as "note.noChapters";
  if (key === undefined || !t.has(path)) return english;
  return t(path, noteArguments(words?.values ?? {}, locale, t("list.separator")));
}

/** A built-in template's beat, named in the page's language; another beat as it is. */
export function beatName(locale: Locale, slug: string | null, english: string): string {
  if (locale === "en" || !slug) return english;
  const at = BUILT_IN_BEATS.get(slug)?.indexOf(english) ?? -1;
  return (at >= 0 && templateWords(locale, slug)?.beats?.[String(at)]) || english;
}

/** A built-in template's own words in the page's language (the writer's template: null, shown as written). */
export function builtInTemplateWords(locale: Locale, slug: string | null): TemplateWords | null {
  if (!slug || !BUILT_IN_BEATS.has(slug)) return null;
  return templateWords(locale, slug) ?? null;
}

const HAN = /\p{Script=Han}/u;

/**
 * The tags a page shows for a template: a built-in template carries its search words in English
 * and Chinese alike, and a Chinese page shows the Chinese ones; a writer's tags are all theirs.
 */
export function tagsShown(locale: Locale, template: { builtIn: boolean; tags: string[] }): string[] {
  return locale === "en" || !template.builtIn ? template.tags : template.tags.filter((tag) => HAN.test(tag));
}

/** The row of a table that sums the chapters, in its chapter column (a chapter's own title is the writer's). */
const TOTAL_ROW = "Total";

/**
 * Table cells that name one of the engine's categories (how a chapter opens and ends, an outlier,
 * where a character's name came from, what kind of speaker or tag word, "yes").
 */
export const CATEGORY_COLUMNS = new Set(["ending", "hook", "outlier", "kind", "opensWith", "onDialogue", "short", "source", "category"]);
/** The speakers the engine names itself (server/analysis/engine/attribution.ts: UNTAGGED, UNNAMED); any other is the writer's character. */
export const ENGINE_SPEAKERS = new Set(["(no tag)", "(unnamed)"]);

/**
 * A stored report as the page shows it: the engine's words and, for a built-in template (`slug`),
 * its section titles and beats, in the page's language.
 */
export function reportIn(locale: Locale, report: AnalysisReport, slug: string | null): AnalysisReport {
  if (locale === "en") return report;
  const word = (english: string) => reportWord(locale, english);
  const optional = (english: string | undefined) => (english === undefined ? undefined : word(english));
  const builtIn = builtInTemplateWords(locale, slug);
  return {
    ...report,
    sections: report.sections.map((section) => ({
      ...section,
      title: builtIn?.sections[section.id] ?? section.title,
      summary: section.summary.map((figure) => ({
        ...figure,
        label: word(figure.label),
        ...(typeof figure.value === "string" && { value: reportSentence(locale, "value", figure.value, figure.valueWords) }),
        ...(figure.unit !== undefined && { unit: word(figure.unit) }),
      })),
      table: {
        columns: section.table.columns.map((column) => ({ ...column, label: word(column.label), ...(column.unit !== undefined && { unit: word(column.unit) }) })),
        rows: section.table.rows.map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([key, cell]) => [
              key,
              typeof cell !== "string"
                ? cell
                : section.probe === "structure" && key === "beat"
                  ? beatName(locale, slug, cell)
                  : CATEGORY_COLUMNS.has(key) || (key === "chapter" && cell === TOTAL_ROW) || (key === "speaker" && ENGINE_SPEAKERS.has(cell))
                    ? word(cell)
                    : cell,
            ]),
          ),
        ),
      },
      chart:
        section.chart === null
          ? null
          : section.chart.type === "bar" || section.chart.type === "line"
            ? {
                ...section.chart,
                // the x axis names chapters (the writer's titles, not in the catalog) or the engine's categories
                x: section.chart.x.map(word),
                series: section.chart.series.map((s) => ({ ...s, name: word(s.name) })),
                ...(section.chart.yLabel !== undefined && { yLabel: optional(section.chart.yLabel) }),
              }
            : section.chart.type === "beats"
              ? { ...section.chart, beats: section.chart.beats.map((beat) => ({ ...beat, name: beatName(locale, slug, beat.name) })) }
              : section.chart,
      notes: section.notes.map((note, index) => reportSentence(locale, "note", note, section.noteWords?.[index])),
    })),
  };
}
