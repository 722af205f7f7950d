/**
 * The languages Inkstone's interface speaks (decision 0504). This file imports nothing, so pages,
 * client components, the server and the CLI can all read it.
 */
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** What each language is called in itself, for the language menu. */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", "zh-CN": "简体中文" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language tag a new book takes when it is made in this interface (Book.language). */
export const BOOK_LANGUAGE: Record<Locale, string> = { en: "en", "zh-CN": "zh-CN" };
