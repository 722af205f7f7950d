import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import Markdown from "react-markdown";
import remarkGfm from "remark-gfm";
import { PROBES } from "@/server/analysis/engine";
import { getTemplate } from "@/server/analysis/get-template";
import type { Principal } from "@/server/auth/principal";
import { hasScope } from "@/server/auth/scopes";
import { booksCollection, listBooks } from "@/server/books/list-books";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { AppError } from "@/server/errors";
import { getT, requestIntl } from "../../../_i18n/server";
import { pagePrincipal, requirePrincipal } from "../../../_components/require-principal";
import styles from "../_components/analysis.module.css";
import { categoryLabel, languageLabel } from "../_components/labels";
import { builtInTemplateWords, tagsShown } from "../_components/report-words";
import { LibraryButton, PublishButton } from "../_components/library-button";
import { RunOnBook } from "../_components/run-on-book";

type Params = Promise<{ templateId: string }>;

const load = cache(async (templateId: string, principal: Principal) => {
  try {
    return await getTemplate({ templateId }, principal);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") notFound();
    throw error;
  }
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const principal = await pagePrincipal();
  if (!principal) return {};
  const template = await load((await params).templateId, principal);
  const { locale } = await requestIntl();
  return { title: (template.builtIn && builtInTemplateWords(locale, template.slug)?.name) || template.name };
}

const PROBE_IDS = new Set<string>(PROBES.map((p) => p.id));

/** One template: its description (Markdown without raw HTML), what it will show, install and uninstall. */
export default async function TemplatePage({ params }: { params: Params }) {
  const { templateId } = await params;
  const principal = await requirePrincipal(`/templates/${templateId}`);
  const template = await load(templateId, principal);
  const [t, words, { locale }] = await Promise.all([getT("analysis.template"), getT("analysis"), requestIntl()]);
  // A built-in template speaks the page's language (by its slug and its sections' ids); a writer's own is shown as written.
  const builtIn = template.builtIn ? builtInTemplateWords(locale, template.slug) : null;
  // every probe has its catalog name (the catalog test holds the two lists equal)
  const probeName = (probe: string) => (PROBE_IDS.has(probe) ? words(`probe.${probe}` as "probe.counts") : probe);
  const own = template.author?.id === principal.userId;
  // The writer's own books, most recently edited first, to run an installed template on.
  const books = template.installed
    ? (await listBooks(defaultCollectionOptions(booksCollection, { perPage: MAX_PER_PAGE, filters: { ownerId: principal.userId } }), principal)).items
    : [];

  return (
    <>
      <p className="eyebrow">
        <Link href="/templates">{t("back")}</Link>
      </p>
      <div className={styles.detail}>
        <div>
          <h1>{builtIn?.name ?? template.name}</h1>
          <p className="lede">{builtIn?.summary ?? template.summary}</p>
          <div className={styles.prose}>
            <Markdown skipHtml remarkPlugins={[remarkGfm]}>
              {builtIn?.description ?? template.description}
            </Markdown>
          </div>
          <h2 className={styles.subhead}>{t("shows")}</h2>
          <ol className={styles.sections} aria-label={t("sections")}>
            {template.definition.sections.map((section) => (
              <li key={section.id}>
                <strong>{builtIn?.sections[section.id] ?? section.title}</strong>
                <small>{t("sectionLine", { probe: probeName(section.probe), view: t(`view.${section.view}`) })}</small>
              </li>
            ))}
          </ol>
        </div>
        <aside className={styles.side} aria-label={t("about")}>
          <LibraryButton templateId={template.id} installed={template.installed} />
          {own && hasScope(principal, "write:analysis") && (
            <>
              <Link href={`/templates/${template.id}/edit`} className="button secondary">
                {t("edit")}
              </Link>
              <PublishButton templateId={template.id} published={template.published} />
            </>
          )}
          <dl>
            <dt>{t("category")}</dt>
            <dd>{categoryLabel(words, template.category)}</dd>
            <dt>{t("language")}</dt>
            <dd>{languageLabel(words, template.language)}</dd>
            <dt>{t("author")}</dt>
            <dd>{template.author ? template.author.name || t("aWriter") : t("builtIn")}</dd>
            <dt>{t("version")}</dt>
            <dd>{template.version}</dd>
            <dt>{t("installs")}</dt>
            <dd>{template.installs}</dd>
            <dt>{t("status")}</dt>
            <dd>{template.published ? t("published") : t("draft")}</dd>
          </dl>
          {tagsShown(locale, template).length > 0 && (
            <ul className={styles.tags} aria-label={t("tags")}>
              {tagsShown(locale, template).map((tag) => (
                <li key={tag} className={styles.tag}>
                  {tag}
                </li>
              ))}
            </ul>
          )}
          {template.installed &&
            (books.length > 0 ? (
              <RunOnBook templateId={template.id} books={books.map(({ id, title }) => ({ id, title }))} />
            ) : (
              <p className="muted">{t.rich("startBook", { link: (chunks) => <Link href="/books">{chunks}</Link> })}</p>
            ))}
        </aside>
      </div>
    </>
  );
}
