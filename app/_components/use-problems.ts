import { useMemo } from "react";
import { useLocale, useTranslations } from "use-intl";
import { isLocale } from "@/i18n/locales";
import { problemsIn, type Problems } from "./problem";

/** A client component's ways of putting a failure into words, in the page's language. */
export function useProblems(): Problems {
  const t = useTranslations("errors");
  const tag = useLocale();
  return useMemo(() => problemsIn(t, isLocale(tag) ? tag : undefined), [t, tag]);
}
