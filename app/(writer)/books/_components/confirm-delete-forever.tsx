"use client";

import type { BookDto } from "@/server/books/schemas";
import { ConfirmDialog } from "../../../_components/confirm-dialog";
import { trpc } from "../../../_trpc/client";

/** The one step on a book that cannot be undone asks first, and says what goes with it. */
export function ConfirmDeleteForever({ book, onClose, onDeleted }: { book: BookDto; onClose: () => void; onDeleted: () => void }) {
  const purge = trpc.books.delete.useMutation({ onSuccess: onDeleted });
  const chapters = book.chapterCount === 0 ? "" : book.chapterCount === 1 ? " and its chapter" : ` and its ${book.chapterCount} chapters`;
  return (
    <ConfirmDialog
      title="Delete for good?"
      confirmLabel="Delete for good"
      pending={purge.isPending}
      error={purge.error}
      onConfirm={() => purge.mutate({ bookId: book.id, permanent: true })}
      onClose={onClose}
    >
      <p>“{book.title}”{chapters}, with every saved version, will be erased. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
