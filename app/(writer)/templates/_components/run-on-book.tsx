"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { useTranslations } from "use-intl";
import { SelectField } from "../../../_components/field";

/** After an install: pick one of the writer's books and open its Analyze page with this template chosen. */
export function RunOnBook({ templateId, books }: { templateId: string; books: { id: string; title: string }[] }) {
  const router = useRouter();
  const t = useTranslations("analysis.template");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const bookId = String(new FormData(event.currentTarget).get("bookId") ?? "");
    router.push(`/analyze/${encodeURIComponent(bookId)}?template=${encodeURIComponent(templateId)}`);
  }

  return (
    <form onSubmit={submit} className="stack" aria-label={t("runOnLabel")}>
      <SelectField name="bookId" id="run-on-book" label={t("book")} options={books.map((b) => ({ value: b.id, label: b.title }))} />
      <button type="submit" className="button">
        {t("runOn")}
      </button>
    </form>
  );
}
