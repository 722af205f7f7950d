import { AppError } from "../../errors";
import { contextOf } from "./context";
import { findAll } from "./find";
import { compileSearch, type SearchSpec } from "./pattern";
import { applyToField, planField, type PlannedHit, type ReplaceSpec } from "./replace";

/** A chapter as the engine sees it: its two searchable fields. */
export interface ChapterText {
  title: string;
  content: string;
}

export type Field = "title" | "content";
const FIELDS: readonly Field[] = ["title", "content"];

export interface BookHit {
  /** index into the chapters given */
  chapter: number;
  field: Field;
  start: number;
  end: number;
  before: string;
  match: string;
  after: string;
}

export interface BookSearchResult {
  total: number;
  /** hits per chapter, in the order given */
  counts: number[];
  /** hits `offset` to `offset + limit` in book order (a chapter's title before its text) */
  hits: BookHit[];
}

/** Every hit is counted; only the page asked for gets its sentence. */
export function searchChapters(chapters: readonly ChapterText[], spec: SearchSpec, window: { offset: number; limit: number }): BookSearchResult {
  const matcher = compileSearch(spec);
  const counts = chapters.map(() => 0);
  const hits: BookHit[] = [];
  let total = 0;
  chapters.forEach((chapter, index) => {
    for (const field of FIELDS) {
      const text = chapter[field];
      findAll(text, matcher, ({ start, end }) => {
        if (total >= window.offset && total < window.offset + window.limit) {
          hits.push({ chapter: index, field, start, end, ...contextOf(text, start, end) });
        }
        total++;
        counts[index]!++;
      });
    }
  });
  return { total, counts, hits };
}

export interface ReplacePlan {
  total: number;
  /** per chapter given, its hits (title's, then text's) with what each becomes */
  chapters: { hits: (PlannedHit & { field: Field })[] }[];
}

/** Counts hits that would change, refusing more than `maxHits` (422: narrow the search), the same for preview and apply. */
function hitLimit(maxHits: number): () => void {
  let total = 0;
  return () => {
    if (++total > maxHits) {
      throw new AppError("too_many_hits", `This would replace more than ${maxHits} hits at once; narrow the search (whole word, match case) or replace in parts.`, { maxHits });
    }
  };
}

/** The preview: every hit that would change, unless there are more than `maxHits`. */
export function planReplace(chapters: readonly ChapterText[], spec: SearchSpec, replace: ReplaceSpec, maxHits: number): ReplacePlan {
  const matcher = compileSearch(spec);
  const counted = hitLimit(maxHits);
  const planned = chapters.map((chapter) => ({
    hits: FIELDS.flatMap((field) => planField(field, chapter[field], matcher, replace, counted).map((hit) => ({ ...hit, field }))),
  }));
  return { total: planned.reduce((sum, chapter) => sum + chapter.hits.length, 0), chapters: planned };
}

/** Each chapter's fields with its hits replaced, but for the hit ids it skips; refused like the preview beyond `maxHits`. */
export function applyReplace(
  chapters: readonly (ChapterText & { skip: readonly string[] })[],
  spec: SearchSpec,
  replace: ReplaceSpec,
  maxHits: number,
): (ChapterText & { replaced: number })[] {
  const matcher = compileSearch(spec);
  const counted = hitLimit(maxHits);
  return chapters.map((chapter) => {
    const skip = new Set(chapter.skip);
    const title = applyToField("title", chapter.title, matcher, replace, skip, counted);
    const content = applyToField("content", chapter.content, matcher, replace, skip, counted);
    return { title: title.text, content: content.text, replaced: title.replaced + content.replaced };
  });
}
