"use client";

import type { FormEvent } from "react";
import { Field, SelectField } from "@/app/_components/field";
import { FormAlert } from "@/app/_components/form-alert";
import { trpc } from "@/app/_trpc/client";
// zod comes with the kinds: the editor loads this form only when "Add to bible" is chosen.
import { BUILT_IN_KINDS, type EntryDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";
import { bibleProblem } from "./bible-problem";

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
  const done = (saved: EntryDto) => {
    void utils.bible.invalidate();
    onSaved(saved);
  };
  const create = trpc.bible.createEntry.useMutation({ onSuccess: done });
  const update = trpc.bible.updateEntry.useMutation({ onSuccess: done });
  const pending = create.isPending || update.isPending;
  const problem = bibleProblem(entry ? update.error : create.error, entry ? "changes." : "");
  const fields = problem?.fields ?? {};
  const fieldError = (name: string) => Object.entries(fields).find(([key]) => key === name || key.startsWith(`${name}.`))?.[1];

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "");
    const kind = text("kind") === "other" ? text("otherKind").trim() : text("kind");
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
      <Field name="name" label="Name" defaultValue={entry?.name ?? initialName ?? ""} error={fieldError("name")} autoComplete="off" required />
      <div className={styles.kindRow}>
        <SelectField
          name="kind"
          label="Kind"
          defaultValue={builtIn ? kind : "other"}
          options={[...BUILT_IN_KINDS.map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) })), { value: "other", label: "Another kind…" }]}
          error={fieldError("kind")}
        />
        <Field name="otherKind" label="Its name, for another kind" defaultValue={builtIn ? "" : kind} placeholder="e.g. spell, ship, 门派" autoComplete="off" />
      </div>
      <Field
        name="aliases"
        label="Aliases"
        hint="Other names it goes by, one per line (or separated by commas or 、). They are marked and found like the name."
        multiline
        rows={compact ? 2 : 3}
        defaultValue={entry?.aliases.join("\n") ?? ""}
        error={fieldError("aliases")}
      />
      <Field name="description" label="Description" multiline rows={compact ? 3 : 5} defaultValue={entry?.description ?? ""} error={fieldError("description")} />
      {!compact && (
        <>
          <Field
            name="fields"
            label="Fields"
            hint="One per line, key: value (e.g. Eyes: grey, Age: 17)."
            multiline
            rows={4}
            defaultValue={entry?.fields.map((f) => `${f.key}: ${f.value}`).join("\n") ?? ""}
            error={fieldError("fields")}
          />
          <Field name="tags" label="Tags" hint="Separated by commas." defaultValue={entry?.tags.join(", ") ?? ""} error={fieldError("tags")} autoComplete="off" />
          <Field
            name="statusNote"
            label="Status over the story"
            placeholder="e.g. dies in the fire; leaves for the capital"
            defaultValue={entry?.status.note ?? ""}
            error={fieldError("status")}
            autoComplete="off"
          />
          {chapters && (
            <SelectField
              name="exitChapterId"
              label="Leaves the story in"
              hint="A mention in a later chapter is then a continuity finding."
              defaultValue={entry?.status.exitChapter?.id ?? ""}
              options={[{ value: "", label: "— stays to the end —" }, ...chapters.map((chapter) => ({ value: chapter.id, label: chapter.title }))]}
            />
          )}
        </>
      )}
      {entry && entry.warnings.length > 0 && (
        <ul className={styles.warnings}>
          {entry.warnings.map((warning) => (
            <li key={warning.name}>{warning.message}</li>
          ))}
        </ul>
      )}
      <div className="button-row">
        <button type="submit" className="button small" disabled={pending}>
          {pending ? "Saving…" : entry ? "Save entry" : "Add to bible"}
        </button>
        {onCancel && (
          <button type="button" className="button ghost small" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
