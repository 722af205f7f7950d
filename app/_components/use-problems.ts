import { useMemo } from "react";
import { useLocale } from "use-intl";
import { isLocale } from "@/i18n/locales";
import { problemsIn, type Problems } from "./problem";

/** A client component's ways of putting a failure into words, in the page's language. */
export function useProblems(): Problems {
  const tag = useLocale();
  return useMemo(() => problemsIn(isLocale(tag) ? tag : "en"), [tag]);
}
