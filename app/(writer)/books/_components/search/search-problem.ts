import { describeProblem, problemDetails } from "@/app/_components/problem";
import { formatNumber } from "@/app/_components/format";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * What to tell the writer when a search or replace was refused. A pattern's own fault (an invalid
 * regular expression, with where it goes wrong) is in the server's words, which name the
 * position; anything else in the usual sentence for its code.
 */
export function searchProblemMessage(error: unknown, pattern?: string): string | null {
  const problem = describeProblem(error);
  if (!problem) return null;
  if (problem.code === "invalid_pattern") {
    const details = problemDetails(error);
    const position = isRecord(details) && typeof details.position === "number" ? details.position : null;
    const reason = isRecord(details) && typeof details.reason === "string" ? details.reason : null;
    const where = position === null ? "" : pattern !== undefined && position >= pattern.length ? " at its end" : ` at character ${formatNumber(position + 1)}`;
    return `This regular expression is not valid${where}${reason ? `: ${reason}` : "."}${reason && !/[.!?]$/.test(reason) ? "." : ""}`;
  }
  if (problem.code !== "validation_failed") return problem.message;
  const fieldMessage = problem.fields.query ?? problem.fields.replacement ?? Object.values(problem.fields)[0];
  return fieldMessage ?? (error instanceof Error && error.message ? error.message : problem.message);
}

/**
 * The titles of the chapters a refused change names (a CONFLICT's details), or null when the
 * refusal was not a conflict. Titles the details lack come from `titles` (the preview's).
 */
export function changedChapters(error: unknown, titles: ReadonlyMap<string, string>): string[] | null {
  const code = describeProblem(error)?.code;
  if (code !== "version_conflict" && code !== "precondition_failed") return null;
  const details = problemDetails(error);
  const entries = Array.isArray(details) ? details : isRecord(details) && Array.isArray(details.chapters) ? details.chapters : [];
  const named = entries.flatMap((entry: unknown) => {
    if (!isRecord(entry) || typeof entry.chapterId !== "string") return [];
    return [typeof entry.title === "string" ? entry.title : (titles.get(entry.chapterId) ?? "a chapter")];
  });
  return named;
}

/** “One”, “One” and “Two”, “One”, “Two” and “Three”. */
export function chapterNames(titles: string[]): string {
  return new Intl.ListFormat("en", { type: "conjunction" }).format(titles.map((title) => `“${title}”`));
}

export const plural = (count: number, one: string, many = `${one}s`) => `${formatNumber(count)} ${count === 1 ? one : many}`;
