import type { z } from "zod";
import type { Locale } from "@/i18n/locales";
import { translatorFor } from "@/i18n/translator";
import { AppError, fieldProblems } from "@/server/errors";
import { problemsByField, problemsIn } from "./problem";

type Issue = z.core.$ZodIssue;

/**
 * A form's server action puts a refusal into the page's language (decision 0509). The API's field
 * messages stay English (decision 0504): zod's issue is read again by its code and limits, so a
 * Chinese page says 至少需要 8 个字符 where the API says "must be at least 8 characters". English
 * pages keep the schema's own words.
 */
export function formWords(locale: Locale) {
  const field = translatorFor(locale, "shell.field");
  const { sentence } = problemsIn(translatorFor(locale, "errors"));

  function issueMessage(issue: Issue): string {
    switch (issue.code) {
      case "too_small": {
        const minimum = Number(issue.minimum);
        if (issue.origin === "string") return minimum <= 1 ? field("required") : field("tooShort", { minimum });
        if (issue.origin === "array" || issue.origin === "set") return field("tooFew", { minimum });
        return field("tooSmallNumber", { minimum });
      }
      case "too_big": {
        const maximum = Number(issue.maximum);
        if (issue.origin === "string") return field("tooLong", { maximum });
        if (issue.origin === "array" || issue.origin === "set") return field("tooMany", { maximum });
        return field("tooBigNumber", { maximum });
      }
      case "invalid_format":
        return issue.format === "email" ? field("email") : issue.format === "url" ? field("url") : field("invalid");
      case "invalid_type":
        return issue.expected === "number" || issue.expected === "int" ? field("number") : field("required");
      case "invalid_value":
        return field("choice");
      default:
        return field("invalid");
    }
  }

  return {
    /** The first message for each field of a failed parse. */
    issues(issues: readonly Issue[]): Record<string, string> {
      if (locale === "en") return problemsByField(fieldProblems(issues));
      const byField: Record<string, string> = {};
      for (const issue of issues) byField[issue.path.map(String).join(".") || "(body)"] ??= issueMessage(issue);
      return byField;
    },

    /** A use case's refusal: the sentence for its code, and its fields marked in the page's language. */
    refusal(error: AppError): { message: string; fields: Record<string, string> } {
      const fields = problemsByField(error.details);
      if (locale === "en") return { message: error.message, fields };
      // The API names what is wrong with each field in English; the page says it in its own words.
      const own = error.code === "email_taken" ? field("emailTaken") : field("invalid");
      return { message: sentence(error.code), fields: Object.fromEntries(Object.keys(fields).map((path) => [path, own])) };
    },
  };
}
