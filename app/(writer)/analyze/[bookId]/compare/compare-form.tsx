"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Field, SelectField } from "../../../../_components/field";
import { useTranslations } from "use-intl";
import styles from "../../../templates/_components/analysis.module.css";

const EARLIER = "";

/** A time as the datetime-local control shows it, in the browser's own zone. */
function localInputValue(iso: string | undefined): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Another book, or this one as it stood at a time the writer picks (in their own zone, sent as UTC). */
export function CompareForm({ bookId, books, chosen, asOf }: { bookId: string; books: { id: string; title: string }[]; chosen?: string; asOf?: string }) {
  const router = useRouter();
  const t = useTranslations("analysis.compare");
  const [other, setOther] = useState(chosen ?? (asOf ? EARLIER : (books[0]?.id ?? EARLIER)));
  const [error, setError] = useState<string | undefined>();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const when = String(form.get("asOf") ?? "");
    const query = new URLSearchParams();
    if (other !== EARLIER) query.set("with", other);
    if (when) {
      const time = new Date(when);
      if (Number.isNaN(time.getTime())) return setError(t("pickTime"));
      query.set("asOf", time.toISOString());
    } else if (other === EARLIER) {
      return setError(t("pickEarlier"));
    }
    setError(undefined);
    router.push(`/analyze/${bookId}/compare?${query}`);
  }

  const options = [...books.map((book) => ({ value: book.id, label: book.title })), { value: EARLIER, label: t("earlier") }];
  return (
    <form onSubmit={submit} className={styles.runner} aria-label={t("formLabel")}>
      <SelectField name="with" label={t("with")} options={options} value={other} onChange={(event) => setOther(event.currentTarget.value)} />
      <Field
        name="asOf"
        label={other === EARLIER ? t("asOf") : t("asOfOptional")}
        type="datetime-local"
        defaultValue={localInputValue(asOf)}
        hint={other === EARLIER ? t("asOfHintEarlier") : t("asOfHintNow")}
        error={error}
      />
      <button type="submit" className="button">
        {t("submit")}
      </button>
    </form>
  );
}
