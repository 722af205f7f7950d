"use client";

import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { CHAPTER_TRASH_DAYS } from "@/server/chapters/limits.mjs";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { formatNumber } from "../../../../_components/format";
import { trpc } from "../../../../_trpc/client";

/** A chapter goes to the book's trash with its history, restorable from the Trash below the list. */
export function ConfirmDeleteChapter({ chapter, onClose, onDeleted }: { chapter: ChapterSummaryDto; onClose: () => void; onDeleted: () => void }) {
  const remove = trpc.chapters.delete.useMutation({ onSuccess: onDeleted });
  return (
    <ConfirmDialog
      title="Move this chapter to the trash?"
      confirmLabel="Move to trash"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ bookId: chapter.bookId, chapterId: chapter.id })}
      onClose={onClose}
    >
      <p>
        “{chapter.title}” ({formatNumber(chapter.wordCount)} {chapter.wordCount === 1 ? "word" : "words"}) leaves the book with every
        saved version of it. You can restore it from the book’s trash for {CHAPTER_TRASH_DAYS} days.
      </p>
    </ConfirmDialog>
  );
}
