import { headers } from "next/headers";
import { cache } from "react";
import { datesOf } from "@/i18n/dates";
import type { Locale } from "@/i18n/locales";
import { formatterFor, translatorFor, type Namespace } from "@/i18n/translator";
import { interfacePreferences } from "@/server/users/interface-preferences";
import { problemsIn } from "../_components/problem";
import { pagePrincipal } from "../_components/require-principal";
import { browserLocale } from "./browser-locale";

export interface RequestIntl {
  /** the language this page speaks */
  locale: Locale;
  /** what the writer chose in Settings → Account; null: the browser's */
  chosen: Locale | null;
  /** what the browser asks for */
  browser: Locale;
  /** the writer's time zone (their goals' day), so dates read the same on the server and in the page */
  timeZone: string;
}

/** The language of this request, read once per render: the signed-in writer's choice, else the browser's. */
export const requestIntl = cache(async (): Promise<RequestIntl> => {
  const browser = browserLocale((await headers()).get("accept-language"));
  const principal = await pagePrincipal();
  const preferences = principal ? await interfacePreferences(principal) : null;
  const chosen = preferences?.locale ?? null;
  return { locale: chosen ?? browser, chosen, browser, timeZone: preferences?.timeZone ?? "UTC" };
});

/** A server component's words: `const t = await getT("books")`. */
export async function getT<const N extends Namespace>(namespace: N) {
  const { locale, timeZone } = await requestIntl();
  return translatorFor(locale, namespace, timeZone);
}

/** A server component's dates and numbers, in the page's language and the writer's time zone. */
export async function getFormat() {
  const { locale, timeZone } = await requestIntl();
  return formatterFor(locale, timeZone);
}

/** A server component's dates (i18n/dates.ts): `const dates = await getDates(); dates.dateTime(iso)`. */
export async function getDates() {
  const { locale, timeZone } = await requestIntl();
  return datesOf(formatterFor(locale, timeZone), locale);
}

/** A server component's ways of putting a failure into words (app/_components/problem.ts), in the page's language. */
export async function getProblems() {
  return problemsIn((await requestIntl()).locale);
}
