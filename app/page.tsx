import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { pagePrincipal } from "./_components/require-principal";
import { getT } from "./_i18n/server";
import styles from "./welcome.module.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("shell.welcome");
  return { title: { absolute: t("title") } };
}

/** A signed-in writer goes straight to their books; a visitor reads one paragraph and picks a door. */
export default async function WelcomePage() {
  if (await pagePrincipal()) redirect("/books");
  const t = await getT("shell.welcome");
  return (
    <main id="main" className={styles.welcome}>
      <p className="wordmark">Inkstone</p>
      <h1 className={styles.title}>{t("heading")}</h1>
      <p className={styles.lede}>{t.rich("lede", { code: (chunks) => <code>{chunks}</code> })}</p>
      <div className="button-row">
        <Link href="/sign-up" className="button">
          {t("signUp")}
        </Link>
        <Link href="/sign-in" className="button secondary">
          {t("signIn")}
        </Link>
      </div>
    </main>
  );
}
