"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { SelectField } from "../../../_components/field";

/** After an install: pick one of the writer's books and open its Analyze page with this template chosen. */
export function RunOnBook({ templateId, books }: { templateId: string; books: { id: string; title: string }[] }) {
  const router = useRouter();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const bookId = String(new FormData(event.currentTarget).get("bookId") ?? "");
    router.push(`/analyze/${encodeURIComponent(bookId)}?template=${encodeURIComponent(templateId)}`);
  }

  return (
    <form onSubmit={submit} className="stack" aria-label="Run on a book">
      <SelectField name="bookId" id="run-on-book" label="Book" options={books.map((b) => ({ value: b.id, label: b.title }))} />
      <button type="submit" className="button">
        Run on a book
      </button>
    </form>
  );
}
