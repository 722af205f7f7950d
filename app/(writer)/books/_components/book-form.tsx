"use client";

import { useId, useRef, type FormEvent } from "react";
import { useLocale, useTranslations } from "use-intl";
import { BOOK_LANGUAGE, isLocale } from "@/i18n/locales";
import type { BookDto } from "@/server/books/schemas";
import { BACK_MATTER_PAGES, type BackMatterPage } from "@/server/back-matter/schemas";
import { Field, SelectField } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { trpc } from "../../../_trpc/client";
import { BOOK_STATUSES, type BookStatus } from "./book-status";
import { COUNT_RULES, PARAGRAPH_INDENTS } from "./book-text-rules";
import type { CountRule, ParagraphIndent } from "@/server/text/text-rules";
import { THEMES, type ThemeId } from "@/server/convert/engine/export-options";
import { CONFORMANCE_LEVELS, type ConformanceLevel } from "@/server/convert/engine/accessibility-claim";

/**
 * A new book, or the details of one: the API checks every field (the same schemas as REST) and
 * its messages appear beside the fields.
 */
export function BookForm({ book, onDone, onCancel }: { book?: BookDto; onDone: (book: BookDto) => void; onCancel: () => void }) {
  const create = trpc.books.create.useMutation({ onSuccess: onDone });
  const update = trpc.books.update.useMutation({ onSuccess: onDone });
  const mutation = book ? update : create;
  const t = useTranslations("books.form");
  const rules = useTranslations("books.textRules");
  const statuses = useTranslations("books.status");
  const themes = useTranslations("books.themes");
  const { describeProblem } = useProblems();
  // A new book's language is the interface's (issue 32 item 1): a Chinese writer's first book is zh-CN.
  const locale = useLocale();
  const newBookLanguage = isLocale(locale) ? BOOK_LANGUAGE[locale] : "en";
  const problem = describeProblem(mutation.error, "changes.");
  const languageDefault = { value: "", label: rules("languageDefault") };
  const countRuleOptions = COUNT_RULES.map((value) => ({ value, label: rules(value) }));
  const indentOptions = PARAGRAPH_INDENTS.map((value) => ({ value, label: rules(value) }));
  const fields = problem?.fields ?? {};
  // A new book is done only once its page opens: until then the form takes no second submit, not
  // even one sent before React has drawn the button disabled.
  const sent = useRef(false);
  const busy = mutation.isPending || (!book && create.isSuccess);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || (!book && sent.current)) return;
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? "");
    // "80,000" and "80 000" are numbers to a writer.
    const target = text("targetWordCount").replace(/[\s,_']/g, "");
    const values = {
      title: text("title"),
      // Blank is the placeholder's genre, in the interface's language: 小说 for a Chinese writer.
      type: text("type").trim() || t("genrePlaceholder"),
      description: text("description"),
      status: text("status") as BookStatus,
      // Not a number: sent as typed, so that the API's schema says what a target must be.
      targetWordCount: target === "" ? null : /^\d+$/.test(target) ? Number(target) : (target as unknown as number),
      language: text("language").trim() || newBookLanguage,
      // Blank is none: the API stores null, and exports fall back to the account's name.
      author: text("author"),
      contact: text("contact"),
      copyright: text("copyright"),
      dedication: text("dedication"),
      acknowledgements: text("acknowledgements"),
      aboutAuthor: text("aboutAuthor"),
      ...backMatterChoice(book?.backMatter, form.getAll("backMatter").map(String) as BackMatterPage[]),
      accessibilityClaim: claimOf(text),
      // Sent only when chosen (a new book) or changed (a book): left alone, they follow the
      // language, and a change of rule recounts the book.
      ...chosen("countRule", book?.countRule, text("countRule") as CountRule | ""),
      ...chosen("paragraphIndent", book?.paragraphIndent, text("paragraphIndent") as ParagraphIndent | ""),
      ...chosen("theme", book?.theme ?? "classic", text("theme") as ThemeId | ""),
    };
    if (book) update.mutate({ bookId: book.id, changes: values });
    else {
      sent.current = true;
      create.mutate(values, { onError: () => (sent.current = false) });
    }
  }

  return (
    <form onSubmit={submit} className="stack" noValidate>
      <FormAlert message={problem?.message} />
      <Field name="title" label={t("title")} required autoFocus autoComplete="off" defaultValue={book?.title} error={fields.title} />
      <div className="field-row">
        <Field name="type" label={t("genre")} placeholder={t("genrePlaceholder")} defaultValue={book?.type} error={fields.type} />
        <SelectField name="status" label={t("status")} options={BOOK_STATUSES.map((value) => ({ value, label: statuses(value) }))} defaultValue={book?.status ?? "drafting"} error={fields.status} />
      </div>
      <Field name="description" label={t("description")} multiline rows={4} defaultValue={book?.description} error={fields.description} />
      <div className="field-row">
        <Field
          name="targetWordCount"
          label={t("target")}
          inputMode="numeric"
          placeholder={t("targetPlaceholder")}
          hint={t("targetHint")}
          defaultValue={book?.targetWordCount ?? ""}
          error={fields.targetWordCount}
        />
        <Field name="language" label={t("language")} hint={t("languageHint")} defaultValue={book?.language ?? newBookLanguage} error={fields.language} />
      </div>
      <fieldset className="stack form-section">
        <legend>{t("rulesLegend")}</legend>
        <SelectField
          name="countRule"
          label={t("count")}
          hint={t("countHint")}
          options={book ? countRuleOptions : [languageDefault, ...countRuleOptions]}
          defaultValue={book?.countRule ?? ""}
          error={fields.countRule}
        />
        <SelectField
          name="paragraphIndent"
          label={t("indent")}
          hint={t("indentHint")}
          options={book ? indentOptions : [languageDefault, ...indentOptions]}
          defaultValue={book?.paragraphIndent ?? ""}
          error={fields.paragraphIndent}
        />
        <SelectField
          name="theme"
          label={t("theme")}
          hint={t("themeHint")}
          // The themes the book's PDF, EPUB and DOCX are set in (decision 0494).
          options={THEMES.map((value) => ({ value, label: themes(value) }))}
          defaultValue={book?.theme ?? "classic"}
          error={fields.theme}
        />
      </fieldset>
      <fieldset className="stack form-section">
        <legend>{t("publishingLegend")}</legend>
        <Field
          name="author"
          label={t("author")}
          hint={t("authorHint")}
          autoComplete="off"
          defaultValue={book?.author ?? ""}
          error={fields.author}
        />
        <Field
          name="contact"
          label={t("contact")}
          multiline
          rows={4}
          hint={t("contactHint")}
          defaultValue={book?.contact ?? ""}
          error={fields.contact}
        />
        <details open={[book?.copyright, book?.dedication, book?.acknowledgements, book?.aboutAuthor].some(Boolean) || undefined}>
          <summary>{t("frontBackMatter")}</summary>
          {/* A <details> lays its content out as blocks, whatever its display: the gaps come from a stack inside. */}
          <div className="stack" style={{ marginTop: "0.75rem" }}>
            <Field name="copyright" label={t("copyright")} multiline rows={3} placeholder={t("copyrightPlaceholder", { year: String(new Date().getFullYear()) })} defaultValue={book?.copyright ?? ""} error={fields.copyright} />
            <Field name="dedication" label={t("dedication")} multiline rows={2} placeholder={t("dedicationPlaceholder")} defaultValue={book?.dedication ?? ""} error={fields.dedication} />
            <Field name="acknowledgements" label={t("acknowledgements")} multiline rows={3} hint={t("acknowledgementsHint")} defaultValue={book?.acknowledgements ?? ""} error={fields.acknowledgements} />
            <Field name="aboutAuthor" label={t("aboutAuthor")} multiline rows={3} hint={t("aboutAuthorHint")} defaultValue={book?.aboutAuthor ?? ""} error={fields.aboutAuthor} />
          </div>
        </details>
        <BackMatterChoice book={book} error={fields.backMatter} />
        <AccessibilityClaimFields book={book} fields={fields} />
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          {t("cancel")}
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {book ? (busy ? t("saving") : t("save")) : busy ? t("creating") : t("create")}
        </button>
      </div>
    </form>
  );
}

/** `{ [name]: value }` when the writer chose a value that is not the book's already; otherwise nothing. */
function chosen<K extends string, V extends string>(name: K, current: V | undefined, value: V | ""): Partial<Record<K, V>> {
  return value === "" || value === current ? {} : ({ [name]: value } as Partial<Record<K, V>>);
}

const PAGE_LABELS = { acknowledgements: "pageAcknowledgements", aboutAuthor: "pageAboutAuthor", alsoBy: "pageAlsoBy" } as const satisfies Record<BackMatterPage, string>;

/**
 * The pages ticked, sent only when they differ from what the book holds: an untouched book keeps
 * null ("each that has text"), which prints the same as all three ticked (decision 0495).
 */
function backMatterChoice(saved: BackMatterPage[] | null | undefined, ticked: BackMatterPage[]) {
  const before = saved ?? BACK_MATTER_PAGES;
  const same = before.length === ticked.length && before.every((page) => ticked.includes(page));
  return same ? {} : { backMatter: ticked };
}

/**
 * Which back-matter pages the book prints, with what the writer's settings would fill each with:
 * the offer of the defaults set once in Settings → Account. Only the owner's own settings are shown;
 * a co-author sees the choice, and the export prints the owner's.
 */
function BackMatterChoice({ book, error }: { book?: BookDto; error?: string }) {
  const hintId = useId();
  const t = useTranslations("books.form");
  const own = !book || book.role === "owner";
  const defaults = trpc.backMatter.get.useQuery(undefined, { enabled: own });
  const chosen = book?.backMatter ?? BACK_MATTER_PAGES;
  const offered = defaults.data;
  const from: Record<BackMatterPage, string | null> = {
    acknowledgements: book?.acknowledgements ? t("fromBook") : offered?.acknowledgements ? t("fromSettings") : null,
    aboutAuthor: book?.aboutAuthor ? t("fromBook") : offered?.aboutAuthor ? t("fromSettings") : null,
    alsoBy: offered?.alsoBy.length ? t("titlesFromSettings", { count: offered.alsoBy.length }) : null,
  };
  return (
    <fieldset className="stack form-section" aria-describedby={hintId}>
      <legend>{t("backMatterLegend")}</legend>
      <p id={hintId} className="field-hint">
        {t("backMatterHint")}{" "}
        {own && (
          <a href="/settings/account#back-matter-heading" target="_blank" rel="noreferrer">
            {t("yourBackMatter")}
          </a>
        )}
      </p>
      {BACK_MATTER_PAGES.map((page) => (
        <label key={page} className="checkbox">
          <input type="checkbox" name="backMatter" value={page} defaultChecked={chosen.includes(page)} />
          <span>
            {t(PAGE_LABELS[page])}
            {own && defaults.isSuccess && <span className="muted"> — {from[page] ?? t("nothingSet")}</span>}
          </span>
        </label>
      ))}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

/** "EPUB Accessibility 1.1 - WCAG 2.1 Level AA" → its WCAG version and level, which the page words in its language. */
function conformanceParts(level: ConformanceLevel): { version: string; level: string } {
  const [, version = "", grade = ""] = level.split(" - ")[1]!.split(" ").filter((word) => word !== "Level");
  return { version, level: grade };
}

/** The claim as the API takes it: none unless a level is chosen; a blank credential or report is none. */
function claimOf(text: (key: string) => string) {
  const conformsTo = text("claimConformsTo") as ConformanceLevel | "";
  if (conformsTo === "") return null;
  const optional = (key: string) => text(key).trim() || null;
  return { conformsTo, certifiedBy: text("claimCertifiedBy"), credential: optional("claimCredential"), report: optional("claimReport") };
}

/**
 * A WCAG level the EPUB claims, made by the writer for a book someone has evaluated (decision 0485
 * amended): Inkstone cannot evaluate the writer's text, so the claim names who did.
 */
function AccessibilityClaimFields({ book, fields }: { book?: BookDto; fields: Record<string, string> }) {
  const claim = book?.accessibilityClaim;
  const error = (name: string) => fields[`accessibilityClaim.${name}`];
  const t = useTranslations("books.form");
  const conformanceOptions = [{ value: "", label: t("noneClaimed") }, ...CONFORMANCE_LEVELS.map((value) => ({ value, label: t("conformance", conformanceParts(value)) }))];
  return (
    <details open={!!claim || Object.keys(fields).some((name) => name.startsWith("accessibilityClaim")) || undefined}>
      <summary>{t("claimSummary")}</summary>
      <div className="stack" style={{ marginTop: "0.75rem" }}>
        <p className="field-hint">
          {t("claimHint")}
        </p>
        <SelectField name="claimConformsTo" label={t("conformsTo")} options={conformanceOptions} defaultValue={claim?.conformsTo ?? ""} error={error("conformsTo") ?? fields.accessibilityClaim} />
        <div className="field-row">
          <Field name="claimCertifiedBy" label={t("evaluatedBy")} autoComplete="off" defaultValue={claim?.certifiedBy ?? ""} error={error("certifiedBy")} />
          <Field name="claimCredential" label={t("credential")} hint={t("optional")} autoComplete="off" defaultValue={claim?.credential ?? ""} error={error("credential")} />
        </div>
        <Field name="claimReport" label={t("report")} hint={t("reportHint")} inputMode="url" autoComplete="off" defaultValue={claim?.report ?? ""} error={error("report")} />
      </div>
    </details>
  );
}
