import { useMemo } from "react";
import { useFormatter, useTranslations } from "use-intl";
import { formatNumber } from "@/app/_components/format";
import { problemDetails } from "@/app/_components/problem";
import { useProblems } from "@/app/_components/use-problems";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * How the search and replace put a refusal into words, in the page's language (decision 0510).
 * `problemMessage`: a pattern's own fault (an invalid regular expression, with where it goes wrong)
 * names the position and the server's reason; anything else is the usual sentence for its code.
 * `changedChapters`: the titles of the chapters a refused change names (a CONFLICT's details), or
 * null when the refusal was not a conflict; titles the details lack come from `titles`.
 * `chapterNames`: “One”, “One” and “Two”, as the page's language lists them.
 */
export function useSearchWords() {
  const t = useTranslations("books.search");
  const format = useFormatter();
  const { describeProblem } = useProblems();
  return useMemo(() => {
    function problemMessage(error: unknown, pattern?: string): string | null {
      const problem = describeProblem(error);
      if (!problem) return null;
      if (problem.code === "invalid_pattern") {
        const details = problemDetails(error);
        const position = isRecord(details) && typeof details.position === "number" ? details.position : null;
        const reason = isRecord(details) && typeof details.reason === "string" ? details.reason : null;
        const where = position === null ? "" : pattern !== undefined && position >= pattern.length ? t("atEnd") : t("atCharacter", { position: position + 1 });
        // The reason is the regular-expression engine's, in English: it names the construct at fault.
        return reason ? t("invalidPatternReason", { where, reason: /[.!?]$/.test(reason) ? reason : `${reason}.` }) : t("invalidPattern", { where });
      }
      if (problem.code !== "validation_failed") return problem.message;
      const fieldMessage = problem.fields.query ?? problem.fields.replacement ?? Object.values(problem.fields)[0];
      return fieldMessage ?? (error instanceof Error && error.message ? error.message : problem.message);
    }

    function changedChapters(error: unknown, titles: ReadonlyMap<string, string>): string[] | null {
      const code = describeProblem(error)?.code;
      if (code !== "version_conflict" && code !== "precondition_failed") return null;
      const details = problemDetails(error);
      const entries = Array.isArray(details) ? details : isRecord(details) && Array.isArray(details.chapters) ? details.chapters : [];
      return entries.flatMap((entry: unknown) => {
        if (!isRecord(entry) || typeof entry.chapterId !== "string") return [];
        return [typeof entry.title === "string" ? entry.title : (titles.get(entry.chapterId) ?? t("aChapter"))];
      });
    }

    /** The chapters a refusal names, or "a chapter" when it names none. */
    const chapterNames = (titles: string[]): string => (titles.length > 0 ? format.list(titles.map((title) => `“${title}”`), { type: "conjunction" }) : t("aChapter"));

    return { problemMessage, changedChapters, chapterNames };
  }, [t, format, describeProblem]);
}

/**
 * "1 match", "3 matches", in English.
 * @deprecated The search words its counts with `books.search` (`matches`, `chapters`…); this stays
 * for the editor's history dialog until its slice words its own.
 */
export const plural = (count: number, one: string, many = `${one}s`) => `${formatNumber(count)} ${count === 1 ? one : many}`;
