import { findMentions, type NamedThing } from "../../analysis/engine/mentions";
import { BIBLE_LIMITS } from "../schemas";

export interface ChapterText {
  id: string;
  content: string;
}

/** One entry's mentions in one chapter: how many, and the kept ones as [start, end] pairs in UTF-16 offsets. */
export interface EntrySpans {
  entryId: string;
  count: number;
  spans: [number, number][];
}

export interface ChapterScan {
  chapterId: string;
  entries: EntrySpans[];
}

/**
 * Every entry's names and aliases found in each chapter, all at once (findMentions: leftmost-
 * longest, whole words in Latin scripts, titles and possessives handled, one-character CJK names
 * only where the segmenter, taught every name, makes them a word), counted in full and kept up to
 * BIBLE_LIMITS.marksPerChapter beside each entry's first.
 */
export function scanChapters(things: readonly NamedThing[], chapters: readonly ChapterText[]): ChapterScan[] {
  return chapters.map((chapter) => {
    const byEntry = new Map<string, EntrySpans>();
    let kept = 0;
    for (const mention of findMentions(chapter.content, things)) {
      let entry = byEntry.get(mention.id);
      if (!entry) byEntry.set(mention.id, (entry = { entryId: mention.id, count: 0, spans: [] }));
      entry.count++;
      if (entry.spans.length === 0 || kept < BIBLE_LIMITS.marksPerChapter) {
        entry.spans.push([mention.start, mention.end]);
        kept++;
      }
    }
    return { chapterId: chapter.id, entries: [...byEntry.values()] };
  });
}
