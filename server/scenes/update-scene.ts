import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import type { SceneDto } from "./schemas";
import { chapterForScenes, sceneOf, sceneRow } from "./scenes";

// PATCH /api/v1/books/{bookId}/scenes/{sceneId} — rename a scene. Only the title: the text is not
// changed, so no chapter version is named and no revision made.
export async function updateScene(input: { bookId: string; sceneId: string; title: string }, principal: Principal): Promise<SceneDto> {
  authorize(principal, "scenes.update");
  const book = await loadBook(principal, input.bookId, "scenes.update");
  await bookTransaction(book.id, async (trx) => {
    const scene = await sceneRow(trx, book.id, input.sceneId);
    await chapterForScenes(trx, book.id, scene.chapterId); // a scene of a trashed chapter is trashed with it
    await trx.updateTable("Scene").set({ title: input.title, updatedAt: new Date() }).where("id", "=", scene.id).execute();
  });
  return sceneOf(book, principal, input.sceneId);
}
