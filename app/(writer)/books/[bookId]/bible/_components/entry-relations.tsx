"use client";

import Link from "next/link";
import type { FormEvent } from "react";
import { Field, SelectField } from "@/app/_components/field";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import type { EntryDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";
import { useBibleProblem } from "./bible-problem";

/** The entry's relations (either end), and a new one from it to another entry. */
export function EntryRelations({ bookId, language, entry }: { bookId: string; language: string; entry: EntryDto }) {
  const utils = trpc.useUtils();
  const t = useTranslations("bible.relations");
  const { describeProblem } = useProblems();
  const bibleProblem = useBibleProblem();
  const relations = trpc.bible.relations.useQuery({ bookId });
  const names = trpc.bible.names.useQuery({ bookId });
  const refresh = () => void utils.bible.relations.invalidate({ bookId });
  const create = trpc.bible.createRelation.useMutation({ onSuccess: refresh });
  const remove = trpc.bible.deleteRelation.useMutation({ onSuccess: refresh });
  const mine = (relations.data ?? []).filter((relation) => relation.fromId === entry.id || relation.toId === entry.id);
  const others = (names.data ?? []).filter((other) => other.id !== entry.id);
  const problem = bibleProblem(create.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const other = String(data.get("other") ?? "");
    const label = String(data.get("label") ?? "");
    const outward = data.get("direction") !== "in";
    create.mutate({ bookId, fromId: outward ? entry.id : other, toId: outward ? other : entry.id, label }, { onSuccess: () => form.reset() });
  }

  return (
    <section className={styles.section} aria-labelledby="relations-heading">
      <h2 id="relations-heading">{t("heading")}</h2>
      <FormAlert message={describeProblem(relations.error ?? remove.error)?.message} />
      {mine.length === 0 ? (
        <p className="muted">{t("none")}</p>
      ) : (
        <ul className={styles.relations} lang={language}>
          {mine.map((relation) => (
            <li key={relation.id}>
              <Link href={`/books/${bookId}/bible/${relation.from.id}`}>{relation.from.name}</Link>
              <span className="muted">{relation.label}</span>
              <Link href={`/books/${bookId}/bible/${relation.to.id}`}>{relation.to.name}</Link>
              <button
                type="button"
                className="button ghost small"
                aria-label={t("removeLabel", { from: relation.from.name, label: relation.label, to: relation.to.name })}
                onClick={() => remove.mutate({ bookId, relationId: relation.id })}
              >
                {t("remove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <form className={styles.relationForm} onSubmit={submit} noValidate>
          <SelectField
            name="direction"
            label={t("direction")}
            options={[
              { value: "out", label: t("outward", { name: entry.name }) },
              { value: "in", label: t("inward", { name: entry.name }) },
            ]}
          />
          <Field name="label" label={t("label")} placeholder={t("labelPlaceholder")} error={problem?.fields?.label} autoComplete="off" />
          <SelectField name="other" label={t("other")} options={others.map((other) => ({ value: other.id, label: other.name }))} />
          <button type="submit" className="button secondary small" disabled={create.isPending}>
            {t("add")}
          </button>
          <FormAlert message={problem?.message} />
        </form>
      )}
    </section>
  );
}
