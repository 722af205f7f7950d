"use client";

import type { ReactNode } from "react";
import { IntlProvider as UseIntlProvider } from "use-intl";
import { MESSAGES } from "@/i18n/catalog";
import { FORMATS } from "@/i18n/dates";
import type { Locale } from "@/i18n/locales";

/**
 * The page's language for its client components (`useTranslations`, `useFormatter` with the
 * named date formats of i18n/dates.ts). The catalogs are imported here rather than passed as
 * props, so they travel in the scripts the browser caches instead of in every page's payload.
 */
export function IntlProvider({ locale, timeZone, children }: { locale: Locale; timeZone: string; children: ReactNode }) {
  return (
    <UseIntlProvider locale={locale} timeZone={timeZone} messages={MESSAGES[locale]} formats={FORMATS[locale]}>
      {children}
    </UseIntlProvider>
  );
}
