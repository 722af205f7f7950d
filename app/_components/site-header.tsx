import Link from "next/link";
import { getT } from "../_i18n/server";
import { signOutAction } from "../(auth)/actions";
import { NavLink } from "./nav-link";
import { SubmitButton } from "./submit-button";
import type { Theme } from "./theme";
import { ThemeToggle } from "./theme-toggle";

/**
 * Product name and the writer's places on the left; theme, account and sign-out on the right. The
 * writer is greeted by the name they gave at sign-up, by their e-mail only when they gave none.
 * The server's admin also finds its accounts here; everyone finds their inbox, with what is unread.
 */
export async function SiteHeader({ name, email, theme, admin, unread }: { name: string; email: string; theme: Theme; admin: boolean; unread: number }) {
  const t = await getT("common.header");
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        {t("skipToContent")}
      </a>
      <Link href="/books" className="wordmark">
        Inkstone
      </Link>
      <nav aria-label={t("mainNav")} className="site-nav">
        <NavLink href="/books">{t("books")}</NavLink>
        <NavLink href="/templates">{t("templates")}</NavLink>
        <NavLink href="/progress">{t("progress")}</NavLink>
        <NavLink href="/inbox">
          {t("inbox")}
          {unread > 0 && (
            <>
              <span className="badge" aria-hidden="true">
                {unread > 99 ? "99+" : unread}
              </span>
              <span className="visually-hidden">{t("unread", { count: unread })}</span>
            </>
          )}
        </NavLink>
      </nav>
      <nav aria-label={t("accountNav")} className="site-nav account-nav">
        <ThemeToggle initial={theme} />
        <NavLink href="/settings/goals">{t("goals")}</NavLink>
        <NavLink href="/settings/tokens">{t("tokens")}</NavLink>
        <NavLink href="/settings/account">{t("account")}</NavLink>
        {admin && <NavLink href="/admin/users">{t("users")}</NavLink>}
        <span className="site-user" title={email}>
          {name.trim() || email}
        </span>
        <form action={signOutAction}>
          <SubmitButton className="link-button quiet">{t("signOut")}</SubmitButton>
        </form>
      </nav>
    </header>
  );
}
