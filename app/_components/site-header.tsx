import Link from "next/link";
import { signOutAction } from "../(auth)/actions";
import { SubmitButton } from "./submit-button";

/** Product name, who is signed in, the Tokens page and sign-out. */
export function SiteHeader({ email }: { email: string }) {
  return (
    <header className="site-header">
      <Link href="/" className="wordmark">
        Inkstone
      </Link>
      <nav aria-label="Account" className="site-nav">
        <span className="site-user">{email}</span>
        <Link href="/settings/tokens">Tokens</Link>
        <form action={signOutAction}>
          <SubmitButton className="link-button">Sign out</SubmitButton>
        </form>
      </nav>
    </header>
  );
}
