import { MESSAGES } from "@/i18n/catalog";
import type { Locale } from "@/i18n/locales";
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
 * - the words the engine's probes write (labels, units, series, fixed notes), from the
 *   `analysisReport` catalog, whose English messages are those very words: the English is
 *   looked up and the same key's message in the page's language shown.
 * A writer-made template's names and section titles are the writer's own words and are shown as
 * they are; so is an engine sentence that carries figures (none of the catalog's), and anything
 * the catalog does not hold.
 * The two catalogs are read as plain text, not ICU: they take no arguments.
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

/** Table cells that name one of the engine's categories (how a chapter ends, an outlier). */
const CATEGORY_COLUMNS = new Set(["ending", "hook", "outlier", "kind", "opening", "category"]);

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
      summary: section.summary.map((figure) => ({ ...figure, label: word(figure.label), ...(figure.unit !== undefined && { unit: word(figure.unit) }) })),
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
                  : CATEGORY_COLUMNS.has(key) || (key === "chapter" && cell === TOTAL_ROW)
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
      notes: section.notes.map(word),
    })),
  };
}
