"use client";

import { useTranslations } from "use-intl";
import { Dialog } from "@/app/_components/dialog";
import type { EntryDto } from "@/server/bible/schemas";
import { EntryForm } from "../../bible/_components/entry-form";

/**
 * "Add to bible" on a selection: the entry's quick form with the selected words as its name.
 * Loaded when first opened (the form brings zod and the bible's schemas), so typing never pays for it.
 */
export default function AddToBibleDialog(props: { bookId: string; language: string; name: string; onClose(): void; onAdded(entry: EntryDto): void }) {
  const t = useTranslations("editor.bible");
  return (
    <Dialog title={t("add")} onClose={props.onClose}>
      {() => <EntryForm compact bookId={props.bookId} language={props.language} initialName={props.name} onSaved={props.onAdded} onCancel={props.onClose} />}
    </Dialog>
  );
}
