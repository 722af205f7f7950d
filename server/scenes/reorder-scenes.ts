import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { joinScenes } from "./places";
import { rewriteScenes, scenesToRearrange } from "./rewrite";
import type { SceneDto } from "./schemas";
import { chapterForScenes, checkVersion, scenesOf } from "./scenes";

// PUT /api/v1/books/{bookId}/chapters/{chapterId}/scene-order — the chapter's scenes in a new order,
// made against the chapter's version (stale: 409). The text is rewritten with them (a revision), each
// scene's prose whole, the breaks between them.
export async function reorderScenes(input: { bookId: string; chapterId: string; version: number; sceneIds: string[] }, principal: Principal): Promise<SceneDto[]> {
  authorize(principal, "scenes.reorder");
  const book = await loadBook(principal, input.bookId, "scenes.reorder");
  await bookTransaction(book.id, async (trx) => {
    const chapter = await chapterForScenes(trx, book.id, input.chapterId);
    checkVersion(chapter, input.version);
    const { bodies, slots, mark, endsWithNewline } = await scenesToRearrange(trx, chapter);
    const bodyOf = new Map(slots.map((slot, i) => [slot.id, bodies[i]!]));
    const named = new Set(input.sceneIds);
    if (slots.some((slot) => slot.isNew) || named.size !== input.sceneIds.length || input.sceneIds.length !== slots.length || input.sceneIds.some((id) => !bodyOf.has(id)))
      throw new AppError("validation_failed", "Name every scene of this chapter once, and no other.", { issues: [{ path: ["sceneIds"], message: "every scene of the chapter once" }], sceneIds: slots.filter((s) => !s.isNew).map((s) => s.id) });
    const content = joinScenes(input.sceneIds.map((id) => bodyOf.get(id)!), mark, endsWithNewline);
    await rewriteScenes(trx, book.id, principal.userId, [{ chapter, content, scenes: input.sceneIds.map((id) => ({ id })) }]);
  });
  return scenesOf(book, principal, { chapterId: input.chapterId });
}
