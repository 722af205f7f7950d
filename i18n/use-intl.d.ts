import type { Messages } from "./catalog";
import type { Locale } from "./locales";

// Types every t("key") and locale against the English catalog: a key that does not exist does not compile.
declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: Messages;
  }
}
