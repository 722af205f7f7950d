import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { joinScenes } from "./places";
import { rewriteScenes, scenesToRearrange } from "./rewrite";
import { chapterForScenes, checkVersion, sceneRow } from "./scenes";

// DELETE /api/v1/books/{bookId}/scenes/{sceneId} — a scene and its text: the chapter is rewritten
// without it through the text command (a revision, so History brings the text back, as a new
// scene). Made against the chapter's version when one is named (?version=, stale: 409). The last
// scene of a chapter leaves it empty and without scenes.
export async function deleteScene(input: { bookId: string; sceneId: string; version?: number }, principal: Principal): Promise<void> {
  authorize(principal, "scenes.delete");
  const book = await loadBook(principal, input.bookId, "scenes.delete");
  await bookTransaction(book.id, async (trx) => {
    const scene = await sceneRow(trx, book.id, input.sceneId);
    const chapter = await chapterForScenes(trx, book.id, scene.chapterId);
    if (input.version !== undefined) checkVersion(chapter, input.version);
    const { bodies, slots, mark, endsWithNewline } = await scenesToRearrange(trx, chapter);
    const at = slots.findIndex((slot) => slot.id === scene.id);
    bodies.splice(at, 1);
    slots.splice(at, 1);
    await rewriteScenes(trx, book.id, principal.userId, [{ chapter, content: joinScenes(bodies, mark, endsWithNewline && bodies.length > 0), scenes: slots }]);
  });
}
