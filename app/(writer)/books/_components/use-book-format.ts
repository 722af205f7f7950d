import { useFormatter, useTranslations } from "use-intl";
import { bookFormat, type BookFormat } from "./book-format";

/** bookFormat in a client component (apart from ./book-format.ts, which server components import: no React context there). */
export function useBookFormat(): BookFormat {
  return bookFormat(useTranslations("books.units"), useFormatter());
}
