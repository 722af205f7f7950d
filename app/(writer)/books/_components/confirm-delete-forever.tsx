"use client";

import { useTranslations } from "use-intl";
import type { BookDto } from "@/server/books/schemas";
import { ConfirmDialog } from "../../../_components/confirm-dialog";
import { trpc } from "../../../_trpc/client";

/** The one step on a book that cannot be undone asks first, and says what goes with it. */
export function ConfirmDeleteForever({ book, onClose, onDeleted }: { book: BookDto; onClose: () => void; onDeleted: () => void }) {
  const purge = trpc.books.delete.useMutation({ onSuccess: onDeleted });
  const t = useTranslations("books.deleteForever");
  return (
    <ConfirmDialog
      title={t("title")}
      confirmLabel={t("confirm")}
      pending={purge.isPending}
      error={purge.error}
      onConfirm={() => purge.mutate({ bookId: book.id, permanent: true })}
      onClose={onClose}
    >
      <p>{t("body", { title: book.title, chapterCount: book.chapterCount })}</p>
    </ConfirmDialog>
  );
}
