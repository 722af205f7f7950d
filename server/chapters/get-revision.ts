import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadChapterOfBook, loadRevision, readableText } from "./load-chapter";
import { toRevisionSummaryDto, type RevisionDto } from "./schemas";

// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions/{version}
export async function getRevision(
  input: { bookId: string; chapterId: string; version: number },
  principal: Principal,
): Promise<RevisionDto> {
  authorize(principal, "chapters.revisions");
  const { book, chapter } = await loadChapterOfBook(principal, input, "chapters.revisions");
  const revision = await loadRevision(chapter.id, input.version);
  return { ...toRevisionSummaryDto(revision), content: readableText(principal, book, revision.content) };
}
