import type { Metadata } from "next";
import Link from "next/link";
import { searchTemplates, templatesCollection } from "@/server/analysis/search-templates";
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES } from "@/server/analysis/schemas";
import { hasScope } from "@/server/auth/scopes";
import { defaultCollectionOptions } from "@/server/collections";
import { requirePrincipal } from "../../_components/require-principal";
import styles from "./_components/analysis.module.css";
import { CATEGORY_LABELS, CATEGORY_OPTIONS, LANGUAGE_LABELS, LANGUAGE_OPTIONS } from "./_components/labels";

export const metadata: Metadata = { title: "Templates" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const PER_PAGE = 24;

const one = (value: string | string[] | undefined) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
const among = <T extends string>(values: readonly T[], value: string | undefined) => (values as readonly string[]).includes(value ?? "") ? (value as T) : undefined;

/** The template gallery: search, filter, and the cards; a link to write one's own. */
export default async function TemplatesPage({ searchParams }: { searchParams: Search }) {
  const principal = await requirePrincipal("/templates");
  const params = await searchParams;
  const q = one(params.q)?.slice(0, 200);
  const category = among(TEMPLATE_CATEGORIES, one(params.category));
  const language = among(TEMPLATE_LANGUAGES, one(params.language));
  const page = Math.max(1, Number.parseInt(one(params.page) ?? "1", 10) || 1);
  const options = defaultCollectionOptions(templatesCollection, { page, perPage: PER_PAGE, filters: { category, language } });
  const result = await searchTemplates({ ...options, q }, principal);
  const pages = Math.max(1, Math.ceil(result.total / PER_PAGE));
  const pageLink = (n: number) => `/templates?${new URLSearchParams({ ...(q && { q }), ...(category && { category }), ...(language && { language }), page: String(n) })}`;

  return (
    <>
      <div className={styles.head}>
        <div>
          <h1>Analysis templates</h1>
          <p className="lede">Recipes for taking a book apart — structure, pacing, characters, style. Install one, then run it on a book.</p>
        </div>
        {hasScope(principal, "write:analysis") && (
          <Link href="/templates/new" className="button">
            New template
          </Link>
        )}
      </div>
      <form className={styles.search} role="search" action="/templates">
        <div className="field">
          <label htmlFor="template-q">Search</label>
          <input id="template-q" name="q" type="search" defaultValue={q} placeholder="Save the Cat, dialogue, 起承转合…" maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor="template-category">Category</label>
          <select id="template-category" name="category" defaultValue={category ?? ""}>
            <option value="">All categories</option>
            {CATEGORY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="template-language">Language</label>
          <select id="template-language" name="language" defaultValue={language ?? ""}>
            <option value="">All languages</option>
            {LANGUAGE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button secondary">
          Search
        </button>
      </form>

      {result.items.length === 0 ? (
        <div className="empty">
          <p className="empty-title">No template matches.</p>
          <Link href="/templates">Show them all</Link>
        </div>
      ) : (
        <ul className={styles.cards} aria-label="Templates">
          {result.items.map((t) => (
            <li key={t.id} className={styles.card}>
              <h2>
                <Link href={`/templates/${t.id}`}>{t.name}</Link>
              </h2>
              <p>{t.summary}</p>
              {t.tags.length > 0 && (
                <ul className={styles.tags} aria-label="Tags">
                  {t.tags.map((tag) => (
                    <li key={tag} className={styles.tag}>
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
              <div className={styles.cardFoot}>
                <span>{CATEGORY_LABELS[t.category as keyof typeof CATEGORY_LABELS] ?? t.category}</span>
                <span>{LANGUAGE_LABELS[t.language]}</span>
                <span>
                  {t.installs} {t.installs === 1 ? "install" : "installs"}
                </span>
                {t.installed && <span className={styles.installed}>Installed</span>}
                {!t.published && <span className={styles.draft}>Draft</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pages} aria-label="Pages">
          {page > 1 && <Link href={pageLink(page - 1)}>← Previous</Link>}
          <span className="muted">
            Page {page} of {pages}
          </span>
          {page < pages && <Link href={pageLink(page + 1)}>Next →</Link>}
        </nav>
      )}
    </>
  );
}
