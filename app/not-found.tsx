import type { Metadata } from "next";
import Link from "next/link";
import { getT } from "./_i18n/server";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("common.notFound");
  return { title: t("title") };
}

/** What a missing page, book or template shows, in the page's language (Next's own says it in English only). */
export default async function NotFound() {
  const t = await getT("common.notFound");
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <p className="wordmark auth-wordmark">Inkstone</p>
        <h1>{t("title")}</h1>
        <p className="muted">{t("lede")}</p>
        <p>
          <Link href="/books" className="button">
            {t("toBooks")}
          </Link>
        </p>
      </div>
    </main>
  );
}
