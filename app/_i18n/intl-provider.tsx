"use client";

import type { ReactNode } from "react";
import { IntlProvider as UseIntlProvider } from "use-intl";
import { MESSAGES } from "@/i18n/catalog";
import type { Locale } from "@/i18n/locales";

/**
 * The page's language for its client components (`useTranslations`, `useFormatter`). The
 * catalogs are imported here rather than passed as props, so they travel in the scripts the
 * browser caches instead of in every page's payload.
 */
export function IntlProvider({ locale, timeZone, children }: { locale: Locale; timeZone: string; children: ReactNode }) {
  return (
    <UseIntlProvider locale={locale} timeZone={timeZone} messages={MESSAGES[locale]}>
      {children}
    </UseIntlProvider>
  );
}
