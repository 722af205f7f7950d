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
import { pagePrincipal, requirePrincipal } from "../../../_components/require-principal";
import styles from "../_components/analysis.module.css";
import { CATEGORY_LABELS, LANGUAGE_LABELS } from "../_components/labels";
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
  return { title: (await load((await params).templateId, principal)).name };
}

const probeNames = new Map(PROBES.map((p) => [p.id as string, p.name]));
const VIEW_LABELS = { table: "table", bar: "bar chart", line: "line chart", beats: "beats over the chapters", heatmap: "heat map" } as const;

/** One template: its description (Markdown without raw HTML), what it will show, install and uninstall. */
export default async function TemplatePage({ params }: { params: Params }) {
  const { templateId } = await params;
  const principal = await requirePrincipal(`/templates/${templateId}`);
  const template = await load(templateId, principal);
  const own = template.author?.id === principal.userId;
  // The writer's own books, most recently edited first, to run an installed template on.
  const books = template.installed
    ? (await listBooks(defaultCollectionOptions(booksCollection, { perPage: MAX_PER_PAGE, filters: { ownerId: principal.userId } }), principal)).items
    : [];

  return (
    <>
      <p className="eyebrow">
        <Link href="/templates">← Templates</Link>
      </p>
      <div className={styles.detail}>
        <div>
          <h1>{template.name}</h1>
          <p className="lede">{template.summary}</p>
          <div className={styles.prose}>
            <Markdown skipHtml remarkPlugins={[remarkGfm]}>
              {template.description}
            </Markdown>
          </div>
          <h2 className={styles.subhead}>What it shows</h2>
          <ol className={styles.sections} aria-label="Sections">
            {template.definition.sections.map((section) => (
              <li key={section.id}>
                <strong>{section.title}</strong>
                <small>
                  {probeNames.get(section.probe) ?? section.probe} · {VIEW_LABELS[section.view]}
                </small>
              </li>
            ))}
          </ol>
        </div>
        <aside className={styles.side} aria-label="About this template">
          <LibraryButton templateId={template.id} installed={template.installed} />
          {own && hasScope(principal, "write:analysis") && (
            <>
              <Link href={`/templates/${template.id}/edit`} className="button secondary">
                Edit
              </Link>
              <PublishButton templateId={template.id} published={template.published} />
            </>
          )}
          <dl>
            <dt>Category</dt>
            <dd>{CATEGORY_LABELS[template.category as keyof typeof CATEGORY_LABELS] ?? template.category}</dd>
            <dt>Language</dt>
            <dd>{LANGUAGE_LABELS[template.language]}</dd>
            <dt>Author</dt>
            <dd>{template.author ? template.author.name || "A writer" : "Inkstone (built in)"}</dd>
            <dt>Version</dt>
            <dd>{template.version}</dd>
            <dt>Installs</dt>
            <dd>{template.installs}</dd>
            <dt>Status</dt>
            <dd>{template.published ? "Published" : "Draft"}</dd>
          </dl>
          {template.tags.length > 0 && (
            <ul className={styles.tags} aria-label="Tags">
              {template.tags.map((tag) => (
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
              <p className="muted">
                <Link href="/books">Start a book</Link> to run it on.
              </p>
            ))}
        </aside>
      </div>
    </>
  );
}
