import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { pagePrincipal } from "./_components/require-principal";
import styles from "./welcome.module.css";

export const metadata: Metadata = { title: { absolute: "Inkstone — where novels get written" } };

/** A signed-in writer goes straight to their books; a visitor reads one paragraph and picks a door. */
export default async function WelcomePage() {
  if (await pagePrincipal()) redirect("/books");
  return (
    <main id="main" className={styles.welcome}>
      <p className="wordmark">Inkstone</p>
      <h1 className={styles.title}>A quiet place to write a novel.</h1>
      <p className={styles.lede}>
        Your books and chapters, on your own server. Every save is kept and nothing you wrote is overwritten. Take a
        book apart with analysis templates, bring a manuscript in from Word or EPUB and send it out as a manuscript,
        an e-book or a PDF; your scripts and the <code>inkstone</code> command line reach the same words through an API.
      </p>
      <div className="button-row">
        <Link href="/sign-up" className="button">
          Create an account
        </Link>
        <Link href="/sign-in" className="button secondary">
          Sign in
        </Link>
      </div>
    </main>
  );
}
