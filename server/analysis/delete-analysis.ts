import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";

/**
 * DELETE /api/v1/books/{bookId}/analyses/{analysisId} — forgets a kept result for good (a result
 * is derived from the book and can be run again, so there is no trash). Whoever may run analyses
 * on the book may delete them: the scope is read:analysis, as running is. A result still running
 * is deleted too: its job finds it gone and keeps nothing.
 */
export async function deleteAnalysis(input: { bookId: string; analysisId: string }, principal: Principal): Promise<void> {
  authorize(principal, "analyses.delete");
  const book = await loadBook(principal, input.bookId, "analyses.delete");
  const deleted = await sql.deleteFrom("AnalysisResult").where("id", "=", input.analysisId).where("bookId", "=", book.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError("not_found", "This book has no analysis with this id.");
}
