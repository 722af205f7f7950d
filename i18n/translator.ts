import { createFormatter, createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { MESSAGES, type Messages } from "./catalog";
import { FORMATS } from "./dates";
import type { Locale } from "./locales";

export type Namespace = NamespaceKeys<Messages, NestedKeyOf<Messages>>;

/**
 * The words of one namespace in one language, outside React: server components (through
 * app/_i18n/server.ts), e-mails and anything else on the server that speaks to a person.
 */
export function translatorFor<const N extends Namespace>(locale: Locale, namespace: N, timeZone = "UTC") {
  return createTranslator({ locale, timeZone, messages: MESSAGES[locale], formats: FORMATS[locale], namespace });
}

/** Dates (the named formats of i18n/dates.ts), numbers and lists as the language writes them, outside React. */
export function formatterFor(locale: Locale, timeZone = "UTC") {
  return createFormatter({ locale, timeZone, formats: FORMATS[locale] });
}
