"use client";

import { useState, type FormEvent } from "react";
import { Field, SelectField } from "@/app/_components/field";
import { FormAlert } from "@/app/_components/form-alert";
import { trpc } from "@/app/_trpc/client";
import { useTranslations } from "use-intl";
// zod comes with the kinds: the editor loads this form only when "Add to bible" is chosen.
import { BUILT_IN_KINDS, type EntryDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";
import { useBibleProblem } from "./bible-problem";

export interface ChapterOption {
  id: string;
  title: string;
}

interface EntryFormProps {
  bookId: string;
  language: string;
  /** the entry to edit; none: a new one */
  entry?: EntryDto;
  /** a new entry's name (the selection "Add to bible" was chosen on) */
  initialName?: string;
  /** the chapters an exit may be set in; none: the status's chapter is not asked (the editor's quick form) */
  chapters?: readonly ChapterOption[];
  /** name, kind, aliases and description only */
  compact?: boolean;
  onSaved(entry: EntryDto): void;
  onCancel?(): void;
}

/** One per line; blank lines dropped. Chinese writers separate with 、 or ，, so those split too on one line. */
const lines = (text: string) =>
  text
    .split(/\r?\n|[、，,]/u)
    .map((line) => line.trim())
    .filter(Boolean);

/** `key: value` per line (a full-width colon too), in the writer's order. */
function parseFields(text: string): { key: string; value: string }[] {
  return text
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => {
      const colon = line.search(/[:：]/u);
      return colon < 0 ? { key: line.trim(), value: "" } : { key: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() };
    });
}

/**
 * A bible entry's form, new or edited: kind (one of the five or the writer's own), name, aliases,
 * description, free fields, tags and status. What the server refuses (a name another entry has,
 * a limit) is shown on the field it concerns, with the other entry named in the message.
 */
export function EntryForm({ bookId, language, entry, initialName, chapters, compact = false, onSaved, onCancel }: EntryFormProps) {
  const utils = trpc.useUtils();
  const t = useTranslations("bible");
  const bibleProblem = useBibleProblem();
  const done = (saved: EntryDto) => {
    void utils.bible.invalidate();
    onSaved(saved);
  };
  const create = trpc.bible.createEntry.useMutation({ onSuccess: done });
  const update = trpc.bible.updateEntry.useMutation({ onSuccess: done });
  const pending = create.isPending || update.isPending;
  // A missing name is said in the page's language before anything is sent (the API's field messages are English).
  const [nameMissing, setNameMissing] = useState(false);
  const problem = bibleProblem(entry ? update.error : create.error, entry ? "changes." : "");
  const fields = problem?.fields ?? {};
  const fieldError = (name: string) => (name === "name" && nameMissing ? t("form.nameRequired") : undefined) ?? Object.entries(fields).find(([key]) => key === name || key.startsWith(`${name}.`))?.[1];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const kind = text("kind") === "other" ? text("otherKind").trim() : text("kind");
    setNameMissing(!text("name").trim());
    if (!text("name").trim()) return;
    const values = {
      kind,
      name: text("name").trim(),
      aliases: lines(text("aliases")),
      description: text("description"),
      ...(compact
        ? {}
        : {
            fields: parseFields(text("fields")),
            tags: lines(text("tags")),
            status: { note: text("statusNote").trim(), exitChapterId: text("exitChapterId") || null },
          }),
    };
    if (entry) update.mutate({ bookId, entryId: entry.id, changes: values });
    else create.mutate({ bookId, ...values });
  }

  const kind = entry?.kind ?? "character";
  const builtIn = (BUILT_IN_KINDS as readonly string[]).includes(kind);
  return (
    <form onSubmit={submit} className={`stack ${styles.entryForm}`} noValidate lang={language}>
      <FormAlert message={problem?.message} />
      <Field name="name" label={t("form.name")} defaultValue={entry?.name ?? initialName ?? ""} error={fieldError("name")} autoComplete="off" required />
      <div className={styles.kindRow}>
        <SelectField
          name="kind"
          label={t("form.kind")}
          defaultValue={builtIn ? kind : "other"}
          options={[...BUILT_IN_KINDS.map((value) => ({ value, label: t(`kindOption.${value}`) })), { value: "other", label: t("kindOption.other") }]}
          error={fieldError("kind")}
        />
        <Field name="otherKind" label={t("form.otherKind")} defaultValue={builtIn ? "" : kind} placeholder={t("form.otherKindPlaceholder")} autoComplete="off" />
      </div>
      <Field
        name="aliases"
        label={t("form.aliases")}
        hint={t("form.aliasesHint")}
        multiline
        rows={compact ? 2 : 3}
        defaultValue={entry?.aliases.join("\n") ?? ""}
        error={fieldError("aliases")}
      />
      <Field name="description" label={t("form.description")} multiline rows={compact ? 3 : 5} defaultValue={entry?.description ?? ""} error={fieldError("description")} />
      {!compact && (
        <>
          <Field
            name="fields"
            label={t("form.fields")}
            hint={t("form.fieldsHint")}
            multiline
            rows={4}
            defaultValue={entry?.fields.map((f) => `${f.key}: ${f.value}`).join("\n") ?? ""}
            error={fieldError("fields")}
          />
          <Field name="tags" label={t("form.tags")} hint={t("form.tagsHint")} defaultValue={entry?.tags.join(", ") ?? ""} error={fieldError("tags")} autoComplete="off" />
          <Field
            name="statusNote"
            label={t("form.status")}
            placeholder={t("form.statusPlaceholder")}
            defaultValue={entry?.status.note ?? ""}
            error={fieldError("status")}
            autoComplete="off"
          />
          {chapters && (
            <SelectField
              name="exitChapterId"
              label={t("form.exit")}
              hint={t("form.exitHint")}
              defaultValue={entry?.status.exitChapter?.id ?? ""}
              options={[{ value: "", label: t("form.staysToEnd") }, ...chapters.map((chapter) => ({ value: chapter.id, label: chapter.title }))]}
            />
          )}
        </>
      )}
      {entry && entry.warnings.length > 0 && (
        <ul className={styles.warnings}>
          {entry.warnings.map((warning) => (
            <li key={warning.name}>{t(`warning.${warning.code}`, { name: warning.name })}</li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button type="submit" className="button small" disabled={pending}>
          {pending ? t("form.saving") : entry ? t("form.save") : t("form.add")}
        </button>
        {onCancel && (
          <button type="button" className="button ghost small" onClick={onCancel}>
            {t("form.cancel")}
          </button>
        )}
      </div>
    </form>
  );
}
