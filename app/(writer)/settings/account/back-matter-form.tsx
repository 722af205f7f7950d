"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { AlsoByEntryInput, BackMatter } from "@/server/back-matter/schemas";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { trpc } from "../../../_trpc/client";

/** The "also by" list as the form edits it: the entries as they would be sent. */
function entriesOf(matter: BackMatter): AlsoByEntryInput[] {
  return matter.alsoBy.map((entry) => (entry.bookId ? { bookId: entry.bookId } : entry.seriesId ? { seriesId: entry.seriesId } : { title: entry.title }));
}

const keyOf = (entry: AlsoByEntryInput) => ("bookId" in entry ? `book:${entry.bookId}` : "seriesId" in entry ? `series:${entry.seriesId}` : `title:${entry.title}`);

/**
 * Settings → Account → Back matter (issue 37 item 6, decision 0495): the about-the-author page,
 * acknowledgements and "also by" list that every book of the writer's prints unless the book has
 * its own text or leaves the page out (Book details → Back matter). "Also by" is filled from the
 * writer's own books and series, ticked in the order they are to print, plus titles published elsewhere.
 */
export function BackMatterForm() {
  const t = useTranslations("settings.account.backMatter");
  const { describeProblem } = useProblems();
  const matter = trpc.backMatter.get.useQuery();
  const books = trpc.books.list.useQuery({ perPage: 100, sortBy: "createdAt", order: "desc" });
  const series = trpc.series.list.useQuery({ perPage: 100 });
  const utils = trpc.useUtils();
  const update = trpc.backMatter.update.useMutation({ onSuccess: (saved) => utils.backMatter.get.setData(undefined, saved) });
  const problem = describeProblem(update.error);
  const fields = problem?.fields ?? {};
  const [picked, setPicked] = useState<AlsoByEntryInput[] | null>(null);

  if (matter.isPending) return <p className="muted">{t("loading")}</p>;
  if (matter.isError) return <FormAlert message={describeProblem(matter.error)?.message} />;
  const saved = matter.data;
  const entries = picked ?? entriesOf(saved);
  const chosen = new Set(entries.map(keyOf));
  const ownBooks = (books.data?.items ?? []).filter((book) => book.role === "owner" && !book.deleted);
  const ownSeries = series.data?.items ?? [];
  const toggle = (entry: AlsoByEntryInput) => setPicked(chosen.has(keyOf(entry)) ? entries.filter((e) => keyOf(e) !== keyOf(entry)) : [...entries, entry]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (key: string) => String(form.get(key) ?? "");
    // Titles published elsewhere, one a line, after the writer's own books and series.
    const elsewhere = text("alsoByTitles")
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean)
      .map((title) => ({ title }));
    update.mutate(
      { aboutAuthor: text("aboutAuthor"), acknowledgements: text("acknowledgements"), alsoBy: [...entries.filter((entry) => !("title" in entry)), ...elsewhere] },
      { onSuccess: () => setPicked(null) },
    );
  }

  const titles = entries.flatMap((entry) => ("title" in entry ? [entry.title] : [])).join("\n");
  return (
    <form key={JSON.stringify(saved)} onSubmit={submit} className="stack" noValidate aria-label={t("form")}>
      <FormAlert message={problem?.message} />
      {update.isSuccess && !update.isPending && picked === null && (
        <p role="status" className="muted">
          {t("savedNote")}
        </p>
      )}
      <Field
        name="aboutAuthor"
        label={t("aboutAuthor")}
        multiline
        rows={4}
        hint={t("aboutAuthorHint")}
        defaultValue={saved.aboutAuthor ?? ""}
        error={fields.aboutAuthor}
      />
      <Field
        name="acknowledgements"
        label={t("acknowledgements")}
        multiline
        rows={3}
        hint={t("acknowledgementsHint")}
        defaultValue={saved.acknowledgements ?? ""}
        error={fields.acknowledgements}
      />
      <fieldset className="stack form-section">
        <legend>{t("alsoBy")}</legend>
        <p className="field-hint">{t("alsoByHint")}</p>
        {ownBooks.length + ownSeries.length === 0 && <p className="muted">{t("noBooks")}</p>}
        {ownSeries.map((one) => (
          <label key={one.id} className="checkbox">
            <input type="checkbox" checked={chosen.has(`series:${one.id}`)} onChange={() => toggle({ seriesId: one.id })} />
            <span>{t("series", { title: one.title })}</span>
          </label>
        ))}
        {ownBooks.map((book) => (
          <label key={book.id} className="checkbox">
            <input type="checkbox" checked={chosen.has(`book:${book.id}`)} onChange={() => toggle({ bookId: book.id })} />
            <span>{book.title}</span>
          </label>
        ))}
        <Field name="alsoByTitles" label={t("elsewhere")} multiline rows={2} hint={t("elsewhereHint")} defaultValue={titles} error={fields.alsoBy} />
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button" disabled={update.isPending} aria-busy={update.isPending || undefined}>
          {update.isPending ? t("saving") : t("save")}
        </button>
      </div>
    </form>
  );
}
