import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { can } from "../books/policy";
import { sql } from "../db";

export interface SceneName {
  id: string;
  chapterId: string;
  title: string;
  position: number;
}

/**
 * The book's scenes by name and place, for a page that lets the writer choose among them (the
 * export dialog, decision 0508): what listScenes gives without the words, so the book page never
 * counts a long book's text to draw a list of checkboxes. Only the draft's readers see scenes (a beta
 * reader's export is not offered).
 */
export async function sceneNames(input: { bookId: string }, principal: Principal): Promise<SceneName[]> {
  authorize(principal, "scenes.list");
  const book = await loadBook(principal, input.bookId, "scenes.list");
  if (!can(principal, "readDraft", book)) return [];
  return sql
    .selectFrom("Scene")
    .innerJoin("Chapter", "Chapter.id", "Scene.chapterId")
    .select(["Scene.id", "Scene.chapterId", "Scene.title", "Scene.position"])
    .where("Scene.bookId", "=", book.id)
    .where("Chapter.deletedAt", "is", null)
    .orderBy("Chapter.position")
    .orderBy("Scene.position")
    .execute();
}
