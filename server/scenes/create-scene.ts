import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { newId } from "../sql/values";
import { followTextWithScenes } from "./follow-text";
import { withBreakAt } from "./places";
import { rewriteScenes, scenesToRearrange } from "./rewrite";
import type { SceneDto } from "./schemas";
import { chapterForScenes, checkVersion, sceneOf } from "./scenes";

// POST /api/v1/books/{bookId}/chapters/{chapterId}/scenes — a new scene: a scene break at the start
// of the line holding `at` (the rest of that scene becomes the new one), or an empty scene at the
// end. A text change (a revision), made against the chapter's version. A chapter not yet split is
// split first, so that its text before the new break is a scene too.
export async function createScene(input: { bookId: string; chapterId: string; version: number; title?: string; at?: number }, principal: Principal): Promise<SceneDto> {
  authorize(principal, "scenes.create");
  const book = await loadBook(principal, input.bookId, "scenes.create");
  const id = newId();
  await bookTransaction<void>(book.id, async (trx) => {
    const chapter = await chapterForScenes(trx, book.id, input.chapterId);
    checkVersion(chapter, input.version);
    if (input.at !== undefined && input.at > chapter.content.length)
      throw new AppError("validation_failed", `at is past the end of the chapter's text (${chapter.content.length} characters).`, { issues: [{ path: ["at"], message: "past the end of the text" }] });
    const { slots, mark } = await scenesToRearrange(trx, chapter);
    // An empty chapter without scenes: the new scene is the whole (empty) text, no break, no revision.
    if (slots.length === 0) return followTextWithScenes(trx, book.id, [{ chapterId: chapter.id, before: chapter.content, after: chapter.content, scenes: [{ id, isNew: { title: input.title ?? "" } }] }], new Date());
    const { text, newSpan } = withBreakAt(chapter.content, input.at, mark);
    const layout = [...slots];
    layout.splice(newSpan, 0, { id, isNew: { title: input.title ?? "" } });
    await rewriteScenes(trx, book.id, principal.userId, [{ chapter, content: text, scenes: layout }]);
  });
  return sceneOf(book, principal, id);
}
