import { useMemo } from "react";
import { useFormatter, useLocale } from "use-intl";
import { datesOf, type Dates } from "@/i18n/dates";

/** A client component's dates (i18n/dates.ts): in the page's language and the writer's time zone. */
export function useDates(): Dates {
  const format = useFormatter();
  const locale = useLocale();
  return useMemo(() => datesOf(format, locale), [format, locale]);
}
