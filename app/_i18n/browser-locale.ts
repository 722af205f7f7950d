import Negotiator from "negotiator";
import { DEFAULT_LOCALE, type Locale } from "@/i18n/locales";

/**
 * The interface language a browser asks for (Accept-Language), among those Inkstone speaks: the
 * first of its languages, by preference, that is English or any Chinese. Traditional Chinese
 * (zh-TW, zh-HK) reads the simplified interface rather than the English one: no traditional
 * catalog exists yet, and a reader of one reads the other far more easily than English.
 */
export function browserLocale(acceptLanguage: string | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  for (const tag of new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages()) {
    const language = tag.toLowerCase().split("-")[0];
    if (language === "zh") return "zh-CN";
    if (language === "en") return "en";
  }
  return DEFAULT_LOCALE;
}
