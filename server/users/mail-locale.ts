import { DEFAULT_LOCALE, isLocale, type Locale } from "../../i18n/locales";
import { sql } from "../db";

/** The interface a book's language asks for: a Chinese book's people read Chinese more likely than English. */
function localeOfBookLanguage(language: string | null | undefined): Locale | null {
  return language?.toLowerCase().startsWith("zh") ? "zh-CN" : null;
}

/**
 * The language of an e-mail (decisions 0504 and 0509): the one its recipient chose, when they have
 * an account and chose one; else the one chosen by whoever caused it (the inviter, the commenter);
 * else the book's own language when that is Chinese; else English. Nobody's browser is asked: an
 * e-mail is written by the background, long after any request.
 */
export async function mailLocale(who: { recipientId?: string; recipientEmail?: string; causedById?: string | null; bookLanguage?: string | null }): Promise<Locale> {
  const chosen = async (column: "id" | "email", value: string | null | undefined): Promise<Locale | null> => {
    if (!value) return null;
    const user = await sql.selectFrom("User").select("locale").where(column, "=", column === "email" ? value.toLowerCase() : value).executeTakeFirst();
    return isLocale(user?.locale) ? user.locale : null;
  };
  return (
    (await chosen("id", who.recipientId)) ??
    (await chosen("email", who.recipientEmail)) ??
    (await chosen("id", who.causedById)) ??
    localeOfBookLanguage(who.bookLanguage) ??
    DEFAULT_LOCALE
  );
}
