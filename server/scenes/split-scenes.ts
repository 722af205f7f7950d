import type { Transaction } from "kysely";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { bookTransaction, loadBook } from "../books/access";
import type { DB } from "../generated/kysely/database";
import { newId } from "../sql/values";
import { sceneBreakLines } from "../text/scene-break";
import { followTextWithScenes } from "./follow-text";
import type { SceneDto } from "./schemas";
import { chapterForScenes, sceneIdsOf, scenesOf } from "./scenes";

// POST /api/v1/books/{bookId}/chapters/{chapterId}/scenes/split — the chapter's scene breaks become
// scenes: a scene per stretch between them, untitled. The text is not changed, so this is no
// revision. A chapter already split keeps its scenes (the call changes nothing), so it is safe to repeat.
export async function splitChapter(input: { bookId: string; chapterId: string }, principal: Principal): Promise<SceneDto[]> {
  authorize(principal, "scenes.split");
  const book = await loadBook(principal, input.bookId, "scenes.split");
  await bookTransaction(book.id, async (trx) => {
    const chapter = await chapterForScenes(trx, book.id, input.chapterId);
    await splitText(trx, book.id, chapter);
  });
  return scenesOf(book, principal, { chapterId: input.chapterId });
}

// POST /api/v1/books/{bookId}/scenes/split — the whole-book form, for an imported manuscript: every
// chapter out of the trash that has scene breaks and no scenes yet is split; the others stay as they are.
export async function splitBook(input: { bookId: string }, principal: Principal): Promise<SceneDto[]> {
  authorize(principal, "scenes.split");
  const book = await loadBook(principal, input.bookId, "scenes.split");
  await bookTransaction(book.id, async (trx) => {
    const unsplit = await trx
      .selectFrom("Chapter")
      .select(["id", "content"])
      .where("bookId", "=", book.id)
      .where("deletedAt", "is", null)
      .where((eb) => eb.not(eb.exists(eb.selectFrom("Scene").select("Scene.id").whereRef("Scene.chapterId", "=", "Chapter.id"))))
      .execute();
    for (const chapter of unsplit) if (sceneBreakLines(chapter.content).length > 0) await splitText(trx, book.id, chapter);
  });
  return scenesOf(book, principal);
}

async function splitText(trx: Transaction<DB>, bookId: string, chapter: { id: string; content: string }): Promise<void> {
  if ((await sceneIdsOf(trx, chapter.id)).length > 0) return;
  const slots = [null, ...sceneBreakLines(chapter.content)].map(() => ({ id: newId(), isNew: { title: "" } }));
  await followTextWithScenes(trx, bookId, [{ chapterId: chapter.id, before: chapter.content, after: chapter.content, scenes: slots }], new Date());
}
