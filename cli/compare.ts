import type { ComparisonDto } from "../server/analysis/compare-schemas";
import { groupedDigits } from "../server/text/grouped-digits";
import { renderTable } from "./output";

type Profile = ComparisonDto["left"];

/** Where the table samples both books: the middle of each tenth of the book. */
const POINTS = Array.from({ length: 10 }, (_, i) => i * 10 + 5);

function shown(value: number | string | null | undefined, unit: string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  const figure = groupedDigits(Number(value.toFixed(2)));
  return unit === "%" ? `${figure}%` : figure;
}

/** The chapter whose share of the words holds the point (the last one holds 100 %). */
function chapterAt(profile: Profile, point: number): number {
  const index = profile.chapters.findIndex((chapter) => point >= chapter.start && point < chapter.end);
  return index >= 0 ? index : profile.chapters.length - 1;
}

function sideName(profile: Profile): string {
  return profile.asOf ? `${profile.title} (as of ${profile.asOf})` : profile.title;
}

/**
 * Each series as a table down the shared axis: at the middle of each tenth of the books, the value
 * of the chapter each book has there. The turning points instead: the chapter each book has where
 * the beat usually falls. --json gives every chapter's value.
 */
export function renderComparison(comparison: ComparisonDto): string {
  const { left, right } = comparison;
  const head = ["at", sideName(left), sideName(right)];
  const sections = comparison.series.map((series) => {
    const title = `== ${series.label}${series.unit && series.unit !== "%" ? ` (${series.unit})` : ""} ==`;
    if (series.key === "beats") {
      const rows = comparison.beats.map((beat) => [
        `${beat.name} (${beat.target}%)`,
        ...[left, right].map((profile) => profile.chapters[chapterAt(profile, beat.target)]?.title ?? ""),
      ]);
      return `${title}\n${renderTable(["turning point", ...head.slice(1)], rows, true)}`;
    }
    const rows = POINTS.map((point) => [
      `${point}%`,
      ...[left, right].map((profile) => {
        const index = chapterAt(profile, point);
        return index < 0 ? "" : shown(profile.values[series.key]?.[index], series.unit);
      }),
    ]);
    const notes = [left, right].filter((profile) => profile.notes[series.key]).map((profile) => `${sideName(profile)}: ${profile.notes[series.key]}\n`);
    return `${title}\n${notes.join("")}${renderTable(head, rows, true)}`;
  });
  const sizes = [left, right].map((profile) => `${sideName(profile)}: ${profile.chapters.length} chapters, ${groupedDigits(profile.words)} words (${profile.language})`);
  return [...sizes, "", sections.join("\n\n")].join("\n");
}
