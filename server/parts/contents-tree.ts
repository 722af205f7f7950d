import { groupBy } from "../group-by";

/**
 * A book's table of contents as a tree one level deep (issue 35 item 1, decision 0488): its
 * reading order is a list of entries, each a chapter outside any part or a part with its chapters.
 * Pure functions over ids, shared by the use cases, the book page and the CLI, so that all three
 * mean the same by "the order" and by "move a chapter into a part".
 *
 * Stored, the order is each chapter's `position` (1-based, the whole book's reading order) and
 * `partId`, and each part's `position` (its rank among the parts). A part's chapters stand together;
 * where a part stands among part-less chapters follows from its first chapter, and an empty part
 * stands just before the next part, or last.
 */

export type OrderEntry = { chapterId: string } | { partId: string; chapterIds: string[] };

/** What the tree is built from: the chapters in reading order with their parts, the parts in rank order. */
export interface StoredOrder {
  chapters: { id: string; partId: string | null }[];
  parts: { id: string }[];
}

/**
 * The tree the stored order means. Chapters of a part that stand apart (a chapter brought back from
 * the trash into another part's run) are gathered at the part's first chapter, and a chapter whose
 * part is unknown counts as part-less, so that any stored state reads as a valid tree.
 */
export function entriesOf(order: StoredOrder): OrderEntry[] {
  const known = new Set(order.parts.map((part) => part.id));
  const byPart = groupBy(
    order.chapters.filter((chapter) => chapter.partId && known.has(chapter.partId)),
    (chapter) => chapter.partId!,
    (chapter) => chapter.id,
  );
  const entries: OrderEntry[] = [];
  for (const chapter of order.chapters) {
    const partId = chapter.partId && known.has(chapter.partId) ? chapter.partId : null;
    if (partId === null) entries.push({ chapterId: chapter.id });
    else if (byPart.get(partId)![0] === chapter.id) entries.push({ partId, chapterIds: byPart.get(partId)! });
  }
  // Empty parts, each before the part that followed it in rank, or last.
  const ranks = order.parts.map((part) => part.id);
  for (const [rank, partId] of ranks.entries()) {
    if (byPart.has(partId)) continue;
    const nextHeld = ranks.slice(rank + 1).find((id) => entries.some((entry) => "partId" in entry && entry.partId === id));
    const at = nextHeld === undefined ? entries.length : entries.findIndex((entry) => "partId" in entry && entry.partId === nextHeld);
    entries.splice(at, 0, { partId, chapterIds: [] });
  }
  return entries;
}

/** The chapters in reading order, each with its part. */
export function chaptersOf(entries: OrderEntry[]): { id: string; partId: string | null }[] {
  return entries.flatMap((entry): { id: string; partId: string | null }[] =>
    "partId" in entry ? entry.chapterIds.map((id) => ({ id, partId: entry.partId })) : [{ id: entry.chapterId, partId: null }],
  );
}

/** The parts in order. */
export function partsOf(entries: OrderEntry[]): string[] {
  return entries.flatMap((entry) => ("partId" in entry ? [entry.partId] : []));
}

/**
 * The order with one chapter moved into a part (`partId`), or out of its part (null). The chapter
 * keeps its place in the reading order where it can: it joins an empty part by the part coming to
 * it, and a part it stands next to at that edge; otherwise it goes to the end of the part. Taken
 * out of a part, it stays where it is when it was the part's first or last chapter, else it comes
 * just after the part.
 */
export function moveChapterIntoPart(entries: OrderEntry[], chapterId: string, partId: string | null): OrderEntry[] {
  const from = entries.findIndex((entry) => ("partId" in entry ? entry.chapterIds.includes(chapterId) : entry.chapterId === chapterId));
  if (from < 0) throw new Error(`no chapter ${chapterId} in this order`);
  const source = entries[from]!;
  const currentPart = "partId" in source ? source.partId : null;
  if (currentPart === partId) return entries;
  if (partId !== null && !entries.some((entry) => "partId" in entry && entry.partId === partId)) throw new Error(`no part ${partId} in this order`);

  // Out of where it stands: the entry index it leaves and whether it leaves from the part's start.
  const next = entries.map((entry) => ("partId" in entry ? { ...entry, chapterIds: [...entry.chapterIds] } : entry));
  let insertAt: number;
  if ("partId" in source) {
    const chapters = (next[from] as { chapterIds: string[] }).chapterIds;
    const index = chapters.indexOf(chapterId);
    chapters.splice(index, 1);
    insertAt = index === 0 ? from : from + 1;
  } else {
    next.splice(from, 1);
    insertAt = from;
  }
  if (partId === null) {
    next.splice(insertAt, 0, { chapterId });
    return next;
  }
  const target = next.findIndex((entry) => "partId" in entry && entry.partId === partId);
  const part = next[target] as { partId: string; chapterIds: string[] };
  if (part.chapterIds.length === 0) {
    // The part comes to the chapter.
    next.splice(target, 1);
    const at = target < insertAt ? insertAt - 1 : insertAt;
    next.splice(at, 0, { partId, chapterIds: [chapterId] });
  } else if (insertAt === target) {
    // It stood just before the part.
    part.chapterIds.unshift(chapterId);
  } else {
    part.chapterIds.push(chapterId);
  }
  return next;
}

/**
 * The order after a chapter is dragged onto another's place (the book page's drag and keyboard
 * move): it takes that place in the reading order and joins that chapter's part, or none.
 */
export function moveChapterTo(entries: OrderEntry[], chapterId: string, overChapterId: string): OrderEntry[] {
  const chapters = chaptersOf(entries);
  const from = chapters.findIndex((c) => c.id === chapterId);
  const to = chapters.findIndex((c) => c.id === overChapterId);
  if (from < 0 || to < 0 || from === to) return entries;
  const [moved] = chapters.splice(from, 1);
  chapters.splice(to, 0, { id: moved!.id, partId: chapters[to > from ? to - 1 : to]?.partId ?? null });
  // Rebuilt from the new reading order, with every part (the empty ones too) in its rank.
  const ranks = partsOf(entries);
  return entriesOf({ chapters, parts: ranks.map((id) => ({ id })) });
}
