import { isLocale, type Locale } from "../../i18n/locales";
import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import { sql } from "../db";

/** What a page needs to speak to the writer: the language they chose (null: the browser's) and their time zone. */
export async function interfacePreferences(principal: Principal): Promise<{ locale: Locale | null; timeZone: string }> {
  authorize(principal, "users.me");
  const user = await sql.selectFrom("User").select(["locale", "timeZone"]).where("id", "=", principal.userId).executeTakeFirst();
  return { locale: isLocale(user?.locale) ? user.locale : null, timeZone: user?.timeZone ?? "UTC" };
}
