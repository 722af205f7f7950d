import { chaptersOf, moveChapterTo, type OrderEntry } from "../parts/contents-tree";

/**
 * What a corkboard drop or "move" button asks of the server (issue 35 item 3, decision 0505). Pure
 * functions over the board as the page read it, shared by the page's drag, its keyboard buttons and
 * the tests, so that a drag and a button mean the same move. The board changes nothing itself: each
 * move is one existing use case — scenes reordered in their chapter, a scene moved to another
 * chapter (its text and plan with it), or the contents reordered — made against the versions read.
 */

/** A chapter on the board: its scenes in order (none: the chapter is one card of its own). */
export interface BoardChapter {
  id: string;
  version: number;
  sceneIds: string[];
}

export interface Board {
  /** The order of parts and chapters, as the contents tree has it. */
  entries: OrderEntry[];
  orderVersion: number;
  chapters: BoardChapter[];
}

export type BoardMove =
  | { kind: "reorderScenes"; chapterId: string; version: number; sceneIds: string[] }
  | { kind: "moveScene"; sceneId: string; version: number; toChapterId: string; toVersion: number; position?: number }
  | { kind: "reorderContents"; orderVersion: number; entries: OrderEntry[] };

/** A card: a scene, or a chapter without scenes. */
export type Card = { scene: string } | { chapter: string };

/** The board's chapters in reading order (the entries decide it), each with its scenes. */
export function chaptersInOrder(board: Board): BoardChapter[] {
  const byId = new Map(board.chapters.map((chapter) => [chapter.id, chapter]));
  return chaptersOf(board.entries).flatMap(({ id }) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Every card in reading order. */
export function cardsOf(board: Board): Card[] {
  return chaptersInOrder(board).flatMap((chapter): Card[] => (chapter.sceneIds.length ? chapter.sceneIds.map((scene) => ({ scene })) : [{ chapter: chapter.id }]));
}

export const cardId = (card: Card): string => ("scene" in card ? card.scene : card.chapter);

function chapterHolding(board: Board, sceneId: string): BoardChapter | undefined {
  return board.chapters.find((chapter) => chapter.sceneIds.includes(sceneId));
}

/**
 * A card dropped on another card's place. A scene takes the place of the card it is dropped on, as
 * a sortable list does: after it when it came from before it, else before it. Dropped on a chapter
 * that has no scenes, it goes last in it (after the chapter's text, which becomes its first scene
 * on the way, decision 0499): a card dropped on a pile goes on it. A chapter without scenes dropped on any
 * card takes that card's chapter's place in the reading order (and its part). null: nothing moves.
 */
export function dropCard(board: Board, movingId: string, overId: string): BoardMove | null {
  if (movingId === overId) return null;
  const cards = cardsOf(board).map(cardId);
  const [from, to] = [cards.indexOf(movingId), cards.indexOf(overId)];
  if (from < 0 || to < 0) return null;
  const overChapter = chapterHolding(board, overId) ?? board.chapters.find((chapter) => chapter.id === overId)!;
  const source = chapterHolding(board, movingId);
  if (!source) {
    // A chapter card: the contents reorder (its order version guards it).
    if (overChapter.id === movingId) return null;
    return { kind: "reorderContents", orderVersion: board.orderVersion, entries: moveChapterTo(board.entries, movingId, overChapter.id) };
  }
  if (source.id === overChapter.id) {
    const sceneIds = source.sceneIds.filter((id) => id !== movingId);
    const at = source.sceneIds.indexOf(overId);
    sceneIds.splice(at, 0, movingId);
    return { kind: "reorderScenes", chapterId: source.id, version: source.version, sceneIds };
  }
  const overAt = overChapter.sceneIds.indexOf(overId);
  const move = { kind: "moveScene", sceneId: movingId, version: source.version, toChapterId: overChapter.id, toVersion: overChapter.version } as const;
  return overAt < 0 ? move : { ...move, position: overAt + (from < to ? 2 : 1) };
}

/**
 * A scene one place earlier (-1) or later (+1) in reading order: within its chapter it swaps with
 * its neighbour; at the chapter's edge it goes to the end of the chapter before (or the start of
 * the one after), across parts too. null: it is the first (last) card of the book. (Into a chapter
 * without scenes, "the end" is after its text, which becomes a scene on the way: no position.)
 */
export function stepScene(board: Board, sceneId: string, direction: -1 | 1): BoardMove | null {
  const chapters = chaptersInOrder(board);
  const at = chapters.findIndex((chapter) => chapter.sceneIds.includes(sceneId));
  if (at < 0) return null;
  const source = chapters[at]!;
  const index = source.sceneIds.indexOf(sceneId);
  const next = index + direction;
  if (next >= 0 && next < source.sceneIds.length) {
    const sceneIds = [...source.sceneIds];
    [sceneIds[index], sceneIds[next]] = [sceneIds[next]!, sceneIds[index]!];
    return { kind: "reorderScenes", chapterId: source.id, version: source.version, sceneIds };
  }
  const target = chapters[at + direction];
  if (!target) return null;
  const move = { kind: "moveScene", sceneId, version: source.version, toChapterId: target.id, toVersion: target.version } as const;
  return direction < 0 ? move : { ...move, position: 1 };
}

/** A chapter one place earlier or later in the reading order (joining the part of the chapter it passes). */
export function stepChapter(board: Board, chapterId: string, direction: -1 | 1): BoardMove | null {
  const order = chaptersOf(board.entries).map((chapter) => chapter.id);
  const at = order.indexOf(chapterId);
  const over = order[at + direction];
  if (at < 0 || over === undefined) return null;
  return { kind: "reorderContents", orderVersion: board.orderVersion, entries: moveChapterTo(board.entries, chapterId, over) };
}
