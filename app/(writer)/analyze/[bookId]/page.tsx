import type { Metadata } from "next";
import Link from "next/link";
import { getAnalysis } from "@/server/analysis/get-analysis";
import { analysesCollection, listAnalyses } from "@/server/analysis/list-analyses";
import { listInstalledTemplates } from "@/server/analysis/list-installed-templates";
import type { TemplateSummaryDto } from "@/server/analysis/schemas";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { getDates, getFormat, getT, requestIntl } from "../../../_i18n/server";
import { requirePrincipal } from "../../../_components/require-principal";
import styles from "../../templates/_components/analysis.module.css";
import { ReportView } from "../../templates/_components/report-view";
import { builtInTemplateWords, reportIn } from "../../templates/_components/report-words";
import { DeleteResultButton } from "./delete-result-button";
import { loadAnalyzeBook } from "./load-analyze-book";
import { RunForm } from "./run-form";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getT("analysis.analyze");
  return { title: t("title") };
}

type Params = Promise<{ bookId: string }>;
type Search = Promise<{ analysis?: string | string[]; template?: string | string[] }>;

/**
 * The template the Run form starts on: the one asked for (Run on a book), else the first made for
 * the book's language, else the first for any language; a Chinese template never for an English book
 * just because it was installed last.
 */
function preselected(templates: TemplateSummaryDto[], bookLanguage: string, asked: unknown): string | undefined {
  if (typeof asked === "string" && templates.some((t) => t.id === asked)) return asked;
  const language = bookLanguage.split("-", 1)[0]!.toLowerCase();
  return (templates.find((t) => t.language === language) ?? templates.find((t) => t.language === "any") ?? templates[0])?.id;
}

/** A book's analyses: run an installed template, read a result, reopen the kept ones. */
export default async function AnalyzePage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { bookId } = await params;
  const { analysis: chosen, template: askedTemplate } = await searchParams;
  const principal = await requirePrincipal(`/analyze/${bookId}`);
  const loaded = await loadAnalyzeBook(bookId, principal);
  if (!("book" in loaded)) return loaded.refusal;
  const { book } = loaded;
  const options = defaultCollectionOptions(analysesCollection, { perPage: MAX_PER_PAGE });
  const [templates, kept] = await Promise.all([listInstalledTemplates(principal), listAnalyses({ bookId, options }, principal)]);
  const analysisId = typeof chosen === "string" ? chosen : kept.items.find((a) => a.status === "succeeded")?.id;
  const analysis = analysisId ? await getAnalysis({ bookId, analysisId }, principal).catch(() => null) : null;
  const [t, format, dates, { locale }, reportWords] = await Promise.all([getT("analysis.analyze"), getFormat(), getDates(), requestIntl(), getT("analysisReport")]);
  // the writer's names and terms, as the page's language lists them (、 in Chinese)
  const listed = (names: unknown) => (names as string[]).join(reportWords("list.separator"));
  // A built-in template is named in the page's language (by its slug); a writer's template as they named it.
  const builtInSlugs = new Map(templates.filter((template) => template.builtIn).map((template) => [template.id, template.slug]));
  const templateName = (templateId: string, name: string) => builtInTemplateWords(locale, builtInSlugs.get(templateId) ?? null)?.name ?? name;

  return (
    <>
      <p className="eyebrow">
        <Link href={`/books/${book.id}`}>← {book.title}</Link>
      </p>
      <div className={styles.head}>
        <h1>{t("title")}</h1>
        <Link href={`/analyze/${book.id}/compare`} className="button secondary">
          {t("compareWith")}
        </Link>
      </div>
      <section className="panel" aria-labelledby="run-heading">
        <h2 id="run-heading">{t("runHeading")}</h2>
        {templates.length === 0 ? (
          <p>{t.rich("emptyLibrary", { link: (words) => <Link href="/templates">{words}</Link> })}</p>
        ) : (
          <RunForm
            bookId={book.id}
            templates={templates.map((template) => ({ id: template.id, name: templateName(template.id, template.name) }))}
            chosen={preselected(templates, book.language, askedTemplate)}
          />
        )}
      </section>
      <div className={styles.detail}>
        <section aria-labelledby="result-heading">
          {analysis ? (
            <>
              <h2 id="result-heading" className={styles.subhead}>
                {templateName(analysis.templateId, analysis.templateName)}
              </h2>
              <p className="muted">
                {t("ran", { when: dates.dateTime(analysis.createdAt) })}
                {analysis.durationMs !== null && t("duration", { ms: format.number(analysis.durationMs) })}
                {Array.isArray(analysis.parameters.characters) && t("following", { names: listed(analysis.parameters.characters) })}
                {Array.isArray(analysis.parameters.terms) && t("tracing", { terms: listed(analysis.parameters.terms) })}
              </p>
              <DeleteResultButton bookId={book.id} analysisId={analysis.id} templateName={templateName(analysis.templateId, analysis.templateName)} />
              {analysis.report ? (
                <ReportView report={reportIn(locale, analysis.report, builtInSlugs.get(analysis.templateId) ?? null)} />
              ) : (
                <p role="status">{analysis.status === "failed" ? t("failed", { message: analysis.error?.message ?? "" }) : t("running")}</p>
              )}
            </>
          ) : (
            <p id="result-heading" className="muted">
              {t("noResult")}
            </p>
          )}
        </section>
        <aside className={styles.side} aria-labelledby="kept-heading">
          <h2 id="kept-heading" className={styles.subhead}>
            {t("kept")}
          </h2>
          {kept.items.length === 0 ? (
            <p className="muted">{t("none")}</p>
          ) : (
            <ul className={styles.kept}>
              {kept.items.map((a) => (
                <li key={a.id}>
                  <Link href={`/analyze/${book.id}?analysis=${a.id}`} aria-current={a.id === analysis?.id ? "true" : undefined}>
                    {templateName(a.templateId, a.templateName)}
                  </Link>
                  <small className="muted">{a.status === "succeeded" ? dates.dateTime(a.createdAt) : t(`status.${a.status}`)}</small>
                </li>
              ))}
            </ul>
          )}
        </aside>
      </div>
    </>
  );
}
