import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { loadChapter } from "../chapters/load-chapter";
import type { SceneDto } from "./schemas";
import { sceneOf, scenesOf } from "./scenes";

// GET /api/v1/books/{bookId}/scenes — every scene of the book in reading order, with its words:
// what the outline shows per scene. Chapters without scenes list none (decision 0499).
export async function listScenes(input: { bookId: string }, principal: Principal): Promise<SceneDto[]> {
  authorize(principal, "scenes.list");
  const book = await loadBook(principal, input.bookId, "scenes.list");
  return scenesOf(book, principal);
}

// GET /api/v1/books/{bookId}/chapters/{chapterId}/scenes — one chapter's scenes
export async function listChapterScenes(input: { bookId: string; chapterId: string }, principal: Principal): Promise<SceneDto[]> {
  authorize(principal, "scenes.list");
  await loadChapter(principal, input, "scenes.list", { withContent: false });
  const book = await loadBook(principal, input.bookId, "scenes.list");
  return scenesOf(book, principal, { chapterId: input.chapterId });
}

// GET /api/v1/books/{bookId}/scenes/{sceneId} — one scene
export async function getScene(input: { bookId: string; sceneId: string }, principal: Principal): Promise<SceneDto> {
  authorize(principal, "scenes.get");
  const book = await loadBook(principal, input.bookId, "scenes.get");
  return sceneOf(book, principal, input.sceneId);
}
