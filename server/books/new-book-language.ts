import { BOOK_LANGUAGE, isLocale } from "../../i18n/locales";
import type { Principal } from "../auth/principal";
import { sql } from "../db";

/**
 * The language of a book whose creator did not name one (decision 0510): the language of the
 * interface the account chose in Settings → Account, else English. Not the browser's: an API call
 * carries no page, and a script must not make books in a language that depends on who ran it from
 * which browser. The account's own row: no scope is needed to read one's own preference.
 */
export async function newBookLanguage(principal: Principal): Promise<string> {
  const user = await sql.selectFrom("User").select("locale").where("id", "=", principal.userId).executeTakeFirst();
  return isLocale(user?.locale) ? BOOK_LANGUAGE[user.locale] : "en";
}
