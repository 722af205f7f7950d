import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";
import { AppError } from "../errors";
import { loadChapter } from "./load-chapter";
import { toRevisionSummaryDto, type RevisionDto } from "./schemas";

// GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions/{version}
export async function getRevision(
  input: { bookId: string; chapterId: string; version: number },
  principal: Principal,
): Promise<RevisionDto> {
  authorize(principal, "chapters.revisions");
  const chapter = await loadChapter(principal, input);
  const revision = await sql
    .selectFrom("ChapterRevision")
    .select(["version", "title", "content", "wordCount", "createdAt"])
    .where("chapterId", "=", chapter.id)
    .where("version", "=", input.version)
    .executeTakeFirst();
  if (!revision) throw new AppError("not_found", `This chapter has no version ${input.version}.`);
  return { ...toRevisionSummaryDto(revision), content: revision.content };
}
