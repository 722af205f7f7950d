import type { Messages } from "./catalog";
import type { NamedFormats } from "./dates";
import type { Locale } from "./locales";

// Types every t("key") and locale against the English catalog, and every named date format against
// i18n/dates.ts: a key or a format that does not exist does not compile.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
    Formats: NamedFormats;
  }
}
