"use client";

import { useTranslations } from "use-intl";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { CHAPTER_TRASH_DAYS } from "@/server/chapters/limits.mjs";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { trpc } from "../../../../_trpc/client";
import { useBookFormat } from "../../_components/use-book-format";

/**
 * A chapter goes to the book's trash with its history, restorable from the Trash below the list.
 * Its length is in the book's unit (`language`): characters for a Chinese book.
 */
export function ConfirmDeleteChapter({ chapter, language, onClose, onDeleted }: { chapter: ChapterSummaryDto; language: string; onClose: () => void; onDeleted: () => void }) {
  const remove = trpc.chapters.delete.useMutation({ onSuccess: onDeleted });
  const t = useTranslations("books.chapters");
  const format = useBookFormat();
  return (
    <ConfirmDialog
      title={t("confirmTitle")}
      confirmLabel={t("confirmLabel")}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ bookId: chapter.bookId, chapterId: chapter.id })}
      onClose={onClose}
    >
      <p>{t("confirmBody", { title: chapter.title, length: format.length(chapter.wordCount, language), days: CHAPTER_TRASH_DAYS })}</p>
    </ConfirmDialog>
  );
}
