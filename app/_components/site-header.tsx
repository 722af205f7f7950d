import Link from "next/link";
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
export function SiteHeader({ name, email, theme, admin, unread }: { name: string; email: string; theme: Theme; admin: boolean; unread: number }) {
  return (
    <header className="site-header">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Link href="/books" className="wordmark">
        Inkstone
      </Link>
      <nav aria-label="Main" className="site-nav">
        <NavLink href="/books">Books</NavLink>
        <NavLink href="/templates">Templates</NavLink>
        <NavLink href="/progress">Progress</NavLink>
        <NavLink href="/inbox">
          Inbox
          {unread > 0 && (
            <>
              <span className="badge" aria-hidden="true">
                {unread > 99 ? "99+" : unread}
              </span>
              <span className="visually-hidden">({unread} unread)</span>
            </>
          )}
        </NavLink>
      </nav>
      <nav aria-label="Account" className="site-nav account-nav">
        <ThemeToggle initial={theme} />
        <NavLink href="/settings/goals">Goals</NavLink>
        <NavLink href="/settings/tokens">Tokens</NavLink>
        <NavLink href="/settings/account">Account</NavLink>
        {admin && <NavLink href="/admin/users">Users</NavLink>}
        <span className="site-user" title={email}>
          {name.trim() || email}
        </span>
        <form action={signOutAction}>
          <SubmitButton className="link-button quiet">Sign out</SubmitButton>
        </form>
      </nav>
    </header>
  );
}
