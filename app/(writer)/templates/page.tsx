import type { Metadata } from "next";
import Link from "next/link";
import { searchTemplates, templatesCollection } from "@/server/analysis/search-templates";
import { TEMPLATE_CATEGORIES, TEMPLATE_LANGUAGES } from "@/server/analysis/schemas";
import { hasScope } from "@/server/auth/scopes";
import { defaultCollectionOptions } from "@/server/collections";
import { getT, requestIntl } from "../../_i18n/server";
import { requirePrincipal } from "../../_components/require-principal";
import styles from "./_components/analysis.module.css";
import { categoryLabel, categoryOptions, languageLabel, languageOptions } from "./_components/labels";
import { builtInTemplateWords, tagsShown } from "./_components/report-words";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("analysis.templates");
  return { title: t("title") };
}

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
  const [t, words, { locale }] = await Promise.all([getT("analysis.templates"), getT("analysis"), requestIntl()]);
  // A built-in template in the page's language (by its slug); a writer's own as they wrote it.
  const shown = (template: { slug: string; builtIn: boolean; name: string; summary: string }) =>
    (template.builtIn && builtInTemplateWords(locale, template.slug)) || template;
  const pageLink = (n: number) => `/templates?${new URLSearchParams({ ...(q && { q }), ...(category && { category }), ...(language && { language }), page: String(n) })}`;

  return (
    <>
      <div className={styles.head}>
        <div>
          <h1>{t("heading")}</h1>
          <p className="lede">{t("lede")}</p>
        </div>
        {hasScope(principal, "write:analysis") && (
          <Link href="/templates/new" className="button">
            {t("new")}
          </Link>
        )}
      </div>
      <form className={styles.search} role="search" action="/templates">
        <div className="field">
          <label htmlFor="template-q">{t("search")}</label>
          <input id="template-q" name="q" type="search" defaultValue={q} placeholder={t("searchPlaceholder")} maxLength={200} />
        </div>
        <div className="field">
          <label htmlFor="template-category">{t("category")}</label>
          <select id="template-category" name="category" defaultValue={category ?? ""}>
            <option value="">{t("allCategories")}</option>
            {categoryOptions(words).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="template-language">{t("language")}</label>
          <select id="template-language" name="language" defaultValue={language ?? ""}>
            <option value="">{t("allLanguages")}</option>
            {languageOptions(words).map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button secondary">
          {t("submit")}
        </button>
      </form>

      {result.items.length === 0 ? (
        <div className="empty">
          <p className="empty-title">{t("noMatch")}</p>
          <Link href="/templates">{t("showAll")}</Link>
        </div>
      ) : (
        <ul className={styles.cards} aria-label={t("list")}>
          {result.items.map((template) => (
            <li key={template.id} className={styles.card}>
              <h2>
                <Link href={`/templates/${template.id}`}>{shown(template).name}</Link>
              </h2>
              <p>{shown(template).summary}</p>
              {tagsShown(locale, template).length > 0 && (
                <ul className={styles.tags} aria-label={t("tags")}>
                  {tagsShown(locale, template).map((tag) => (
                    <li key={tag} className={styles.tag}>
                      {tag}
                    </li>
                  ))}
                </ul>
              )}
              <div className={styles.cardFoot}>
                <span>{categoryLabel(words, template.category)}</span>
                <span>{languageLabel(words, template.language)}</span>
                <span>{t("installs", { count: template.installs })}</span>
                {template.installed && <span className={styles.installed}>{t("installed")}</span>}
                {!template.published && <span className={styles.draft}>{t("draft")}</span>}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className={styles.pages} aria-label={t("pages")}>
          {page > 1 && <Link href={pageLink(page - 1)}>{t("previous")}</Link>}
          <span className="muted">{t("page", { page, pages })}</span>
          {page < pages && <Link href={pageLink(page + 1)}>{t("next")}</Link>}
        </nav>
      )}
    </>
  );
}
