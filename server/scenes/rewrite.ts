import type { Transaction } from "kysely";
import { countRuleOf } from "../books/count-rule-of";
import { changeTextIn, type Rewrite } from "../chapters/change-text";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { countProseOf } from "../text/count-task";
import type { SceneSlot } from "./follow-text";
import { newId } from "../sql/values";
import { sceneBreakLines } from "../text/scene-break";
import { bodiesOf, breakMarkOf, sceneSpans } from "./places";
import { sceneIdsOf, type ChapterForScenes } from "./scenes";

/**
 * Scene changes that move text (add, reorder, move, delete) rewrite their chapters through the one
 * text command (decision 0460) as kind "scenes": a revision each, so History brings a deleted
 * scene's text back, in the caller's transaction, naming the layout of each new text so that every
 * scene keeps its id where the writer put it.
 */
export async function rewriteScenes(trx: Transaction<DB>, bookId: string, authorId: string, changes: { chapter: ChapterForScenes; content: string; scenes: SceneSlot[] }[]): Promise<void> {
  const countRule = await countRuleOf(bookId, trx);
  const counts = await countProseOf(changes.map((c) => c.content), countRule, authorId);
  const rewrites: Rewrite[] = changes.map(({ chapter, content, scenes }, i) => ({
    chapterId: chapter.id,
    expectedVersion: chapter.version,
    wordCountBefore: chapter.wordCount,
    contentBefore: chapter.content,
    next: { title: chapter.title, content, wordCount: counts[i]! },
    scenes,
  }));
  await changeTextIn(trx, { bookId, authorId, kind: "scenes", countRule, rewrites }, () => new AppError("version_conflict", "A chapter was saved elsewhere meanwhile; reload it, nothing was changed."));
}

/**
 * A chapter's scenes as a change rearranges them: each scene's prose and its slot. A chapter not yet
 * split is split on the way (its stretches become new, untitled scenes); an empty one has none.
 */
export async function scenesToRearrange(trx: Transaction<DB>, chapter: ChapterForScenes) {
  const breaks = sceneBreakLines(chapter.content);
  const ids = await sceneIdsOf(trx, chapter.id);
  const bodies = bodiesOf(chapter.content, sceneSpans(chapter.content, breaks));
  const blank = ids.length === 0 && chapter.content.trim() === "";
  const slots: SceneSlot[] = blank ? [] : ids.length > 0 ? ids.map((id) => ({ id })) : bodies.map(() => ({ id: newId(), isNew: { title: "" } }));
  if (!blank && slots.length !== bodies.length) throw new AppError("internal", "A chapter's scenes do not match its scene breaks.");
  return { bodies: blank ? [] : bodies, slots, mark: breakMarkOf(chapter.content, breaks), endsWithNewline: chapter.content.endsWith("\n") };
}
