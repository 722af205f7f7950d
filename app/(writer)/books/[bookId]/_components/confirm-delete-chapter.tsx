"use client";

import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { formatNumber } from "../../../../_components/format";
import { trpc } from "../../../../_trpc/client";

/**
 * Deleting a chapter erases it with its history (the API has no chapter trash yet), so it asks
 * first. When chapters get a trash, this becomes Move to trash with Undo, as books have.
 */
export function ConfirmDeleteChapter({ chapter, onClose, onDeleted }: { chapter: ChapterSummaryDto; onClose: () => void; onDeleted: () => void }) {
  const remove = trpc.chapters.delete.useMutation({ onSuccess: onDeleted });
  return (
    <ConfirmDialog
      title="Delete this chapter?"
      confirmLabel="Delete chapter"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate({ bookId: chapter.bookId, chapterId: chapter.id })}
      onClose={onClose}
    >
      <p>
        “{chapter.title}” ({formatNumber(chapter.wordCount)} {chapter.wordCount === 1 ? "word" : "words"}) and every saved version of it
        will be erased. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
