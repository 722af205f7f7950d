"use client";

import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useRouter } from "next/navigation";
import { useCallback, useId, useState } from "react";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { Notice, type NoticeContent } from "../../../../_components/notice";
import { describeProblem } from "../../../../_components/problem";
import { trpc } from "../../../../_trpc/client";
import styles from "../book.module.css";
import { ChapterRow } from "./chapter-row";
import { ConfirmDeleteChapter } from "./confirm-delete-chapter";

function announcer(chapters: ChapterSummaryDto[]): Announcements {
  const title = (id: string | number) => `“${chapters.find((c) => c.id === id)?.title ?? "chapter"}”`;
  const place = (id: string | number) => `place ${chapters.findIndex((c) => c.id === id) + 1} of ${chapters.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${title(active.id)}, at ${place(active.id)}.`,
    // Over itself right after the pick-up: "Picked up…" already said where it is.
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? `${title(active.id)} moved to ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${title(active.id)} dropped at ${place(over.id)}.` : `${title(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${title(active.id)} was cancelled; it is back where it was.`,
  };
}

const INSTRUCTIONS =
  "To move a chapter, press Space or Enter on its handle, then the up and down arrow keys, then Space or Enter to drop it there. Escape cancels.";

/**
 * The book's chapters in order. Reordering (drag, or the keyboard on a handle) shows the new order
 * at once and saves it; if the save fails the old order comes back with the reason.
 */
export function ChapterList({ bookId, chapters: fromServer }: { bookId: string; chapters: ChapterSummaryDto[] }) {
  const router = useRouter();
  const dndId = useId();
  // The server's order until the writer moves something; a refresh brings the server's back.
  const [moved, setMoved] = useState<{ base: ChapterSummaryDto[]; order: ChapterSummaryDto[] } | null>(null);
  const chapters = moved?.base === fromServer ? moved.order : fromServer;
  const [notice, setNotice] = useState<NoticeContent | null>(null);
  const [deleting, setDeleting] = useState<ChapterSummaryDto | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  const reorder = trpc.chapters.reorder.useMutation();
  const { mutateAsync: untrash } = trpc.chapters.untrash.useMutation();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  function dropped({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = chapters.findIndex((c) => c.id === active.id);
    const to = chapters.findIndex((c) => c.id === over.id);
    const order = arrayMove(chapters, from, to);
    setMoved({ base: fromServer, order });
    reorder.mutate(
      { bookId, chapterIds: order.map((c) => c.id) },
      {
        onSuccess: () => router.refresh(),
        onError: (error) => {
          setMoved(null);
          setNotice({ message: `The new order was not saved. ${describeProblem(error)?.message ?? ""}` });
        },
      },
    );
  }

  if (chapters.length === 0) {
    return (
      <div className="empty">
        <p className="empty-title">No chapters yet.</p>
        <p className="muted">Add the first one below; you can give it a title now or later.</p>
      </div>
    );
  }

  return (
    <>
      <p className={`muted ${styles.hint}`}>
        Drag a chapter by its handle to move it, or focus the handle and use Space and the arrow keys.
      </p>
      <DndContext
        id={dndId}
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={dropped}
        accessibility={{ announcements: announcer(chapters), screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      >
        <SortableContext items={chapters.map((c) => c.id)} strategy={verticalListSortingStrategy}>
          <ol className={styles.chapters} aria-label="Chapters">
            {chapters.map((chapter, index) => (
              <ChapterRow
                key={chapter.id}
                chapter={chapter}
                place={index + 1}
                onDelete={() => setDeleting(chapter)}
                onRenamed={() => router.refresh()}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
      {deleting && (
        <ConfirmDeleteChapter
          chapter={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            const chapter = deleting;
            // As a book's: the toast takes it back at once; the book's trash keeps it meanwhile.
            const undo = () =>
              untrash({ bookId: chapter.bookId, chapterId: chapter.id }).then(
                () => {
                  setNotice({ message: `“${chapter.title}” is back in the book.` });
                  router.refresh();
                },
                (error: unknown) => setNotice({ message: `“${chapter.title}” could not be brought back. ${describeProblem(error)?.message ?? ""}` }),
              );
            setNotice({ message: `“${chapter.title}” moved to the trash.`, action: { label: "Undo", run: () => void undo() } });
            router.refresh();
          }}
        />
      )}
      <Notice notice={notice} onDismiss={dismiss} />
    </>
  );
}
