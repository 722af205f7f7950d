"use client";

import { useId, useRef, type FormEvent } from "react";
import type { BookDto } from "@/server/books/schemas";
import { BACK_MATTER_PAGES, type BackMatterPage } from "@/server/back-matter/schemas";
import { Field, SelectField } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { describeProblem } from "../../../_components/problem";
import { trpc } from "../../../_trpc/client";
import { STATUS_OPTIONS, type BookStatus } from "./book-status";
import { COUNT_RULE_OPTIONS, LANGUAGE_DEFAULT, PARAGRAPH_INDENT_OPTIONS } from "./book-text-rules";
import type { CountRule, ParagraphIndent } from "@/server/text/text-rules";
import { THEME_LABELS, THEMES, type ThemeId } from "@/server/convert/engine/export-options";
import { CONFORMANCE_LEVELS, type ConformanceLevel } from "@/server/convert/engine/accessibility-claim";

/** The themes the book's PDF, EPUB and DOCX are set in (decision 0494). */
const THEME_OPTIONS = THEMES.map((value) => ({ value, label: THEME_LABELS[value] }));

/**
 * A new book, or the details of one: the API checks every field (the same schemas as REST) and
 * its messages appear beside the fields.
 */
export function BookForm({ book, onDone, onCancel }: { book?: BookDto; onDone: (book: BookDto) => void; onCancel: () => void }) {
  const create = trpc.books.create.useMutation({ onSuccess: onDone });
  const update = trpc.books.update.useMutation({ onSuccess: onDone });
  const mutation = book ? update : create;
  const problem = describeProblem(mutation.error, "changes.");
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
      type: text("type").trim() || "novel",
      description: text("description"),
      status: text("status") as BookStatus,
      // Not a number: sent as typed, so that the API's schema says what a target must be.
      targetWordCount: target === "" ? null : /^\d+$/.test(target) ? Number(target) : (target as unknown as number),
      language: text("language").trim() || "en",
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
      <Field name="title" label="Title" required autoFocus autoComplete="off" defaultValue={book?.title} error={fields.title} />
      <div className="field-row">
        <Field name="type" label="Genre" placeholder="novel" defaultValue={book?.type} error={fields.type} />
        <SelectField name="status" label="Status" options={STATUS_OPTIONS} defaultValue={book?.status ?? "drafting"} error={fields.status} />
      </div>
      <Field name="description" label="Description" multiline rows={4} defaultValue={book?.description} error={fields.description} />
      <div className="field-row">
        <Field
          name="targetWordCount"
          label="Target words"
          inputMode="numeric"
          placeholder="e.g. 80000"
          hint="Optional; shows your progress."
          defaultValue={book?.targetWordCount ?? ""}
          error={fields.targetWordCount}
        />
        <Field name="language" label="Language" hint="en, fr, zh-Hans…" defaultValue={book?.language ?? "en"} error={fields.language} />
      </div>
      <fieldset className="stack form-section">
        <legend>Counting, paragraphs and theme</legend>
        <SelectField
          name="countRule"
          label="Count"
          hint="What the editor, totals, goals and exports count. Changing it recounts every chapter."
          options={book ? COUNT_RULE_OPTIONS : [LANGUAGE_DEFAULT, ...COUNT_RULE_OPTIONS]}
          defaultValue={book?.countRule ?? ""}
          error={fields.countRule}
        />
        <SelectField
          name="paragraphIndent"
          label="Paragraph indent"
          hint="Drawn in the editor and set in every export, whatever spaces the text holds."
          options={book ? PARAGRAPH_INDENT_OPTIONS : [LANGUAGE_DEFAULT, ...PARAGRAPH_INDENT_OPTIONS]}
          defaultValue={book?.paragraphIndent ?? ""}
          error={fields.paragraphIndent}
        />
        <SelectField
          name="theme"
          label="Theme"
          hint="The typography of the PDF, EPUB and DOCX: faces, titles, paragraphs, scene breaks. An export may choose another."
          options={THEME_OPTIONS}
          defaultValue={book?.theme ?? "classic"}
          error={fields.theme}
        />
      </fieldset>
      <fieldset className="stack form-section">
        <legend>Publishing</legend>
        <Field
          name="author"
          label="Author"
          hint="The name on the title page and in every export: a pen name, or leave it blank for your account's name."
          autoComplete="off"
          defaultValue={book?.author ?? ""}
          error={fields.author}
        />
        <Field
          name="contact"
          label="Manuscript contact"
          multiline
          rows={4}
          hint="Page one of a Standard Manuscript Format export, a line each: legal name, address, e-mail, telephone, agent. Only you and your co-authors see it."
          defaultValue={book?.contact ?? ""}
          error={fields.contact}
        />
        <details open={[book?.copyright, book?.dedication, book?.acknowledgements, book?.aboutAuthor].some(Boolean) || undefined}>
          <summary>Front and back matter</summary>
          {/* A <details> lays its content out as blocks, whatever its display: the gaps come from a stack inside. */}
          <div className="stack" style={{ marginTop: "0.75rem" }}>
            <Field name="copyright" label="Copyright page" multiline rows={3} placeholder="Copyright © 2026 Your Name. All rights reserved." defaultValue={book?.copyright ?? ""} error={fields.copyright} />
            <Field name="dedication" label="Dedication" multiline rows={2} placeholder="For …" defaultValue={book?.dedication ?? ""} error={fields.dedication} />
            <Field name="acknowledgements" label="Acknowledgements" multiline rows={3} hint="This book's own, after the last chapter (Markdown, as in a chapter); blank prints yours from Settings → Account." defaultValue={book?.acknowledgements ?? ""} error={fields.acknowledgements} />
            <Field name="aboutAuthor" label="About the author" multiline rows={3} hint="This book's own; blank prints yours from Settings → Account." defaultValue={book?.aboutAuthor ?? ""} error={fields.aboutAuthor} />
          </div>
        </details>
        <BackMatterChoice book={book} error={fields.backMatter} />
        <AccessibilityClaimFields book={book} fields={fields} />
      </fieldset>
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {book ? (busy ? "Saving…" : "Save") : busy ? "Creating…" : "Create book"}
        </button>
      </div>
    </form>
  );
}

/** `{ [name]: value }` when the writer chose a value that is not the book's already; otherwise nothing. */
function chosen<K extends string, V extends string>(name: K, current: V | undefined, value: V | ""): Partial<Record<K, V>> {
  return value === "" || value === current ? {} : ({ [name]: value } as Partial<Record<K, V>>);
}

const PAGE_LABELS: Record<BackMatterPage, string> = { acknowledgements: "Acknowledgements", aboutAuthor: "About the author", alsoBy: "Also by" };

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
  const own = !book || book.role === "owner";
  const defaults = trpc.backMatter.get.useQuery(undefined, { enabled: own });
  const chosen = book?.backMatter ?? BACK_MATTER_PAGES;
  const offered = defaults.data;
  const from: Record<BackMatterPage, string | null> = {
    acknowledgements: book?.acknowledgements ? "this book's" : offered?.acknowledgements ? "yours from Settings" : null,
    aboutAuthor: book?.aboutAuthor ? "this book's" : offered?.aboutAuthor ? "yours from Settings" : null,
    alsoBy: offered?.alsoBy.length ? `${offered.alsoBy.length} ${offered.alsoBy.length === 1 ? "title" : "titles"} from Settings` : null,
  };
  return (
    <fieldset className="stack form-section" aria-describedby={hintId}>
      <legend>Back matter</legend>
      <p id={hintId} className="field-hint">
        Pages after the last chapter, each on its own page. A ticked page without text is left out.{" "}
        {own && (
          <a href="/settings/account#back-matter-heading" target="_blank" rel="noreferrer">
            Your back matter
          </a>
        )}
      </p>
      {BACK_MATTER_PAGES.map((page) => (
        <label key={page} className="checkbox">
          <input type="checkbox" name="backMatter" value={page} defaultChecked={chosen.includes(page)} />
          <span>
            {PAGE_LABELS[page]}
            {own && defaults.isSuccess && <span className="muted"> — {from[page] ?? "nothing set"}</span>}
          </span>
        </label>
      ))}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

const CONFORMANCE_OPTIONS = [{ value: "", label: "None claimed" }, ...CONFORMANCE_LEVELS.map((value) => ({ value, label: value.replace(/^EPUB Accessibility 1\.1 - /, "") }))];

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
  return (
    <details open={!!claim || Object.keys(fields).some((name) => name.startsWith("accessibilityClaim")) || undefined}>
      <summary>Accessibility claim</summary>
      <div className="stack" style={{ marginTop: "0.75rem" }}>
        <p className="field-hint">
          Every EPUB says what it is made of. Claim a WCAG level only once someone has evaluated this book: the EPUB names them beside the claim, as retailers and the EU Accessibility Act
          expect.
        </p>
        <SelectField name="claimConformsTo" label="Conforms to" options={CONFORMANCE_OPTIONS} defaultValue={claim?.conformsTo ?? ""} error={error("conformsTo") ?? fields.accessibilityClaim} />
        <div className="field-row">
          <Field name="claimCertifiedBy" label="Evaluated by" autoComplete="off" defaultValue={claim?.certifiedBy ?? ""} error={error("certifiedBy")} />
          <Field name="claimCredential" label="Their credential" hint="Optional." autoComplete="off" defaultValue={claim?.credential ?? ""} error={error("credential")} />
        </div>
        <Field name="claimReport" label="Report" hint="Optional: the address of the evaluation report." inputMode="url" autoComplete="off" defaultValue={claim?.report ?? ""} error={error("report")} />
      </div>
    </details>
  );
}
