import { useMemo } from "react";
import { useTranslations } from "use-intl";
import { problemsIn, type Problems } from "./problem";

/** A client component's ways of putting a failure into words, in the page's language. */
export function useProblems(): Problems {
  const t = useTranslations("errors");
  return useMemo(() => problemsIn(t), [t]);
}
