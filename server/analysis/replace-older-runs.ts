import { sql } from "../db";

/**
 * A finished run replaces the book's other finished runs of the same template with the same
 * parameters on the same book version (whatever template version they ran): the writer keeps one
 * result for what they asked, not a pile of identical ones. Runs still queued or running are left
 * to finish (each replaces the others in turn); runs on another book version stay, since the book
 * has changed between them and a writer may compare them.
 */
export async function replaceOlderRuns(run: { id: string; bookId: string; templateId: string; parameters: string; bookVersion: string }): Promise<void> {
  await sql
    .deleteFrom("AnalysisResult")
    .where("bookId", "=", run.bookId)
    .where("templateId", "=", run.templateId)
    .where("parameters", "=", run.parameters)
    .where("bookVersion", "=", run.bookVersion)
    .where("status", "in", ["succeeded", "failed"])
    .where("id", "!=", run.id)
    .execute();
}
