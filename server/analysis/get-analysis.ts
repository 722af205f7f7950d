import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { AppError } from "../errors";
import { analysisColumns, toAnalysisDto } from "./analyses";
import type { AnalysisDto } from "./schemas";

// GET /api/v1/books/{bookId}/analyses/{analysisId} — one kept result, with its report.
export async function getAnalysis(input: { bookId: string; analysisId: string }, principal: Principal): Promise<AnalysisDto> {
  authorize(principal, "analyses.get");
  const book = await loadBook(principal, input.bookId, "analyses.get");
  const row = await sql.selectFrom("AnalysisResult").select(analysisColumns).where("id", "=", input.analysisId).where("bookId", "=", book.id).executeTakeFirst();
  if (!row) throw new AppError("not_found", "This book has no analysis with this id.");
  return toAnalysisDto(row);
}
