import { chineseSegmenter } from "@/server/text/segmenter";
import { castOf } from "../cast";
import { findMentions, splitNames, type NamedThing } from "../mentions";
import type { Worded } from "../note-words";
import { reportNote, reportValue } from "../notes";
import { defineProbe } from "../probe";
import { termTimelineSpec } from "../probe-specs";
import { round } from "../stats";
import { wordUnit } from "./labels";

const CONTEXT = 90;

/** A term's names as a writer types them; a lower-case word also counts written with a capital (at a sentence's start). */
export function termThing(entry: string): NamedThing | null {
  const names = splitNames(entry);
  if (names.length === 0) return null;
  const all = [...names];
  for (const name of names) {
    if (/^\p{Ll}/u.test(name)) all.push(name[0]!.toUpperCase() + name.slice(1));
  }
  return { id: names[0]!, names: all };
}

/** The sentence around a use, cut to CONTEXT characters either side. */
function inContext(sentence: string, start: number, end: number): string {
  const from = Math.max(0, start - CONTEXT);
  const to = Math.min(sentence.length, end + CONTEXT);
  return `${from > 0 ? "…" : ""}${sentence.slice(from, start)}[${sentence.slice(start, end)}]${sentence.slice(end, to)}${to < sentence.length ? "…" : ""}`;
}

export const termTimelineProbe = defineProbe(termTimelineSpec, {
  run({ book, chapters, params, parameters }) {
    const unit = wordUnit(book.language);
    const notes: Worded[] = [];
    let entries = [...(parameters.terms ?? []), ...(params.terms ?? [])];
    if (entries.length === 0) {
      const cast = castOf(book, parameters);
      entries = cast.members.slice(0, 5).map((member) => member.names.join("|"));
      notes.push(reportNote(entries.length ? "termsFromCast" : "noTerms"));
    }
    const things = dedupe(entries.map(termThing).filter((thing): thing is NamedThing => thing !== null));
    const segmenter = book.language === "en" ? undefined : chineseSegmenter(things.flatMap((thing) => thing.names));
    const total = chapters.reduce((sum, chapter) => sum + chapter.words, 0);
    const uses = new Map(things.map((thing) => [thing.id, { count: 0, first: null as string | null, last: null as string | null, lastAt: -1, longestGap: 0, perChapter: chapters.map(() => 0) }]));
    const rows: Record<string, string | number | null>[] = [];
    let before = 0;
    chapters.forEach((chapter, chapterIndex) => {
      for (const sentence of chapter.sentences) {
        for (const mention of findMentions(sentence.text, things, segmenter)) {
          const term = uses.get(mention.id)!;
          const gap = term.lastAt === -1 ? null : before - term.lastAt;
          term.count++;
          term.perChapter[chapterIndex]!++;
          term.first ??= chapter.label;
          term.last = chapter.label;
          if (gap !== null) term.longestGap = Math.max(term.longestGap, gap);
          term.lastAt = before;
          if (term.count <= params.maxUses) {
            rows.push({
              term: mention.id,
              use: term.count,
              chapter: chapter.label,
              at: total ? round((100 * before) / total) : 0,
              gap,
              context: inContext(sentence.text, mention.start, mention.end),
            });
          }
        }
        before += sentence.words;
      }
    });
    for (const thing of things) {
      const term = uses.get(thing.id)!;
      if (term.count === 0) notes.push(reportNote("termNeverFound", { term: thing.id }));
      else if (term.count > params.maxUses) notes.push(reportNote("termUsesListed", { term: thing.id, uses: term.count, listed: params.maxUses }));
    }
    return {
      summary: things.map((thing) => {
        const term = uses.get(thing.id)!;
        return {
          label: thing.id,
          ...(term.count === 0
            ? reportValue("termNeverFound")
            : reportValue("termUses", { uses: term.count, first: term.first!, last: term.last!, gap: term.longestGap, unit: book.language })),
        };
      }),
      table: {
        columns: [
          { key: "term", label: "Term" },
          { key: "use", label: "Use" },
          { key: "chapter", label: "Chapter" },
          { key: "at", label: "Where", unit: "% of the book" },
          { key: "gap", label: "Since the last use", unit },
          { key: "context", label: "In context" },
        ],
        rows,
      },
      heatmap: {
        rows: things.map((thing) => thing.id),
        columns: chapters.map((chapter) => chapter.label),
        values: things.map((thing) => uses.get(thing.id)!.perChapter),
      },
      series: {
        x: chapters.map((chapter) => chapter.label),
        series: things.map((thing) => ({ name: thing.id, values: uses.get(thing.id)!.perChapter })),
        yLabel: "uses",
      },
      notes,
    };
  },
});

function dedupe(things: NamedThing[]): NamedThing[] {
  const seen = new Set<string>();
  return things.filter((thing) => !seen.has(thing.id) && seen.add(thing.id));
}
