import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import { AppError } from "../errors";
import { joinScenes } from "./places";
import { rewriteScenes, scenesToRearrange } from "./rewrite";
import type { SceneDto } from "./schemas";
import { chapterForScenes, checkVersion, sceneOf, sceneRow } from "./scenes";

// POST /api/v1/books/{bookId}/scenes/{sceneId}/move — a scene to another chapter of the same book,
// its text with it and its id kept (so its plan goes along): two text changes, a revision each, in
// one transaction, each made against the version named (stale: 409, nothing changes). A chapter in
// the trash is 404 chapter_in_trash; a chapter of another book is 404, as any chapter this book lacks.
export async function moveScene(input: { bookId: string; sceneId: string; version: number; toChapterId: string; toVersion: number; position?: number }, principal: Principal): Promise<SceneDto> {
  authorize(principal, "scenes.move");
  const book = await loadBook(principal, input.bookId, "scenes.move");
  await bookTransaction(book.id, async (trx) => {
    const scene = await sceneRow(trx, book.id, input.sceneId);
    if (scene.chapterId === input.toChapterId)
      throw new AppError("validation_failed", "The scene is in this chapter already; reorder its scenes with PUT …/scene-order.", { issues: [{ path: ["toChapterId"], message: "the scene's own chapter" }] });
    const from = await chapterForScenes(trx, book.id, scene.chapterId);
    const to = await chapterForScenes(trx, book.id, input.toChapterId);
    checkVersion(from, input.version);
    checkVersion(to, input.toVersion);
    const source = await scenesToRearrange(trx, from);
    const target = await scenesToRearrange(trx, to);
    const at = source.slots.findIndex((slot) => slot.id === scene.id);
    const [body] = source.bodies.splice(at, 1);
    const [slot] = source.slots.splice(at, 1);
    const place = Math.min((input.position ?? Number.MAX_SAFE_INTEGER) - 1, target.slots.length);
    target.bodies.splice(place, 0, body!);
    target.slots.splice(place, 0, slot!);
    await rewriteScenes(trx, book.id, principal.userId, [
      { chapter: from, content: joinScenes(source.bodies, source.mark, source.endsWithNewline), scenes: source.slots },
      { chapter: to, content: joinScenes(target.bodies, target.mark, target.endsWithNewline || source.endsWithNewline), scenes: target.slots },
    ]);
  });
  return sceneOf(book, principal, input.sceneId);
}
