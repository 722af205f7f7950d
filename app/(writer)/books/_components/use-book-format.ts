import { useMemo } from "react";
import { useFormatter, useLocale, useTimeZone, useTranslations } from "use-intl";
import { bookFormat, datesIn, type BookFormat } from "./book-format";

/** bookFormat in a client component (apart from ./book-format.ts, which server components import: no React context there). */
export function useBookFormat(): BookFormat {
  const format = useFormatter();
  const locale = useLocale();
  const timeZone = useTimeZone();
  const dates = useMemo(() => datesIn(locale, timeZone ?? "UTC", format), [locale, timeZone, format]);
  return bookFormat(useTranslations("books.units"), format, dates);
}
