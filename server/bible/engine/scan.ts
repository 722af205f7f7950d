import { findMentions, type NamedThing } from "../../analysis/engine/mentions";

export interface ChapterText {
  id: string;
  content: string;
}

/** One entry's mentions in one chapter: [start, end] pairs in UTF-16 offsets. */
export interface EntrySpans {
  entryId: string;
  spans: [number, number][];
}

export interface ChapterScan {
  chapterId: string;
  entries: EntrySpans[];
}

/**
 * Every entry's names and aliases found in each chapter, all at once (findMentions: leftmost-
 * longest, whole words in Latin scripts, titles and possessives handled, one-character CJK names
 * only where the segmenter, taught every name, makes them a word).
 */
export function scanChapters(things: readonly NamedThing[], chapters: readonly ChapterText[]): ChapterScan[] {
  return chapters.map((chapter) => {
    const byEntry = new Map<string, [number, number][]>();
    for (const mention of findMentions(chapter.content, things)) {
      let spans = byEntry.get(mention.id);
      if (!spans) byEntry.set(mention.id, (spans = []));
      spans.push([mention.start, mention.end]);
    }
    return { chapterId: chapter.id, entries: [...byEntry].map(([entryId, spans]) => ({ entryId, spans })) };
  });
}
