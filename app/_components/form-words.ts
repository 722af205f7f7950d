import type { z } from "zod";
import type { Locale } from "@/i18n/locales";
import { fieldProblems, type AppError } from "@/server/errors";
import { problemsIn } from "./problem";

/**
 * A form's server action puts a refusal into the page's language the way a client form does
 * (decisions 0509, 0515): the zod issues of its parse, or a use case's AppError, become the API's
 * field problems (server/errors.ts), which app/_components/problem.ts words. English pages keep the
 * schema's and the use case's own words.
 */
export function formWords(locale: Locale) {
  const { sentence, fieldsOf } = problemsIn(locale);
  return {
    /** The first message for each field of a failed parse. */
    issues: (issues: readonly z.core.$ZodIssue[]): Record<string, string> => fieldsOf(fieldProblems(issues)),

    /** A use case's refusal: the sentence for its code (the use case's own on an English page), and its fields. */
    refusal: (error: AppError): { message: string; fields: Record<string, string> } => ({
      message: locale === "en" ? error.message : sentence(error.code),
      fields: fieldsOf(error.details),
    }),
  };
}
