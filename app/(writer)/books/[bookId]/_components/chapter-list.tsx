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
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useId, useRef, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import type { ChapterDto, ChapterSummaryDto } from "@/server/chapters/schemas";
import { chaptersOf, entriesOf, moveChapterIntoPart, moveChapterTo, type OrderEntry } from "@/server/parts/contents-tree";
import type { PartDto } from "@/server/parts/schemas";
import { Notice, type NoticeContent } from "../../../../_components/notice";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "../book.module.css";
import { AddChapterForm } from "./add-chapter-form";
import { ChapterRow } from "./chapter-row";
import { ConfirmDeleteChapter } from "./confirm-delete-chapter";
import { AddPartForm, PartHeading } from "./part-heading";

type ChapterWords = ReturnType<typeof useTranslations<"books.chapters">>;

/** What a screen reader hears while a chapter is moved, in the page's language. */
function announcer(chapters: ChapterSummaryDto[], t: ChapterWords): Announcements {
  const title = (id: string | number) => chapters.find((c) => c.id === id)?.title ?? t("fallbackTitle");
  const place = (id: string | number) => t("place", { place: chapters.findIndex((c) => c.id === id) + 1, count: chapters.length });
  return {
    onDragStart: ({ active }) => t("pickedUp", { title: title(active.id), place: place(active.id) }),
    // Over itself right after the pick-up: "Picked up…" already said where it is.
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? t("movedTo", { title: title(active.id), place: place(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t("droppedAt", { title: title(active.id), place: place(over.id) }) : t("dropped", { title: title(active.id) })),
    onDragCancel: ({ active }) => t("cancelled", { title: title(active.id) }),
  };
}

/**
 * No scroll anchoring while a chapter is moved. dnd-kit measures the rows when the chapter is picked
 * up and afterwards corrects those measures for scrolling only, taking every scroll of the window
 * for the rows moving under the held row (which is how its keyboard sensor moves it near the top).
 * When something above the list grows mid-drag, Chromium's scroll anchoring scrolls the window by
 * as much to keep the rows still on screen: dnd-kit then believes the rows went up by that much,
 * the next arrow key aims at the wrong row and the held row is drawn away from its place. Without
 * anchoring, such a change moves the rows and the held row together and the measures stay true to
 * each other.
 */
function holdScrollAnchoring(hold: boolean) {
  for (const element of [document.documentElement, document.body]) element.style.overflowAnchor = hold ? "none" : "";
}

/**
 * The book's chapters in order, and the form that adds one. Reordering (drag, or the keyboard on a
 * handle) shows the new order at once and saves it; if the save fails the old order comes back
 * with the reason. A chapter being added shows at once as a row that is not yet a link, and
 * "Added" is said only when the server's list holds it.
 */
export function ChapterList({
  bookId,
  chapters: fromServer,
  parts,
  orderVersion,
  lastHands,
  language,
  nextTitle,
}: {
  bookId: string;
  chapters: ChapterSummaryDto[];
  /** the book's parts (卷) in order; none for a book without parts */
  parts: PartDto[];
  /** the order version the list was read at, which a move names (a stale one is refused) */
  orderVersion: number;
  /** chapter id → who else wrote its current version (a shared book's co-author) */
  lastHands: Record<string, string>;
  language: string;
  nextTitle: string;
}) {
  const router = useRouter();
  const t = useTranslations("books.chapters");
  const { describeProblem } = useProblems();
  const dndId = useId();
  // The server's order until the writer moves something; a refresh brings the server's back.
  const [moved, setMoved] = useState<{ base: ChapterSummaryDto[]; order: ChapterSummaryDto[] } | null>(null);
  const chapters = moved?.base === fromServer ? moved.order : fromServer;
  const [notice, setNotice] = useState<NoticeContent | null>(null);
  const [deleting, setDeleting] = useState<ChapterSummaryDto | null>(null);
  const [adding, setAdding] = useState<{ title: string; id?: string } | null>(null);
  const dismiss = useCallback(() => setNotice(null), []);
  const reorder = trpc.parts.reorder.useMutation();
  // The order version the last move here answered: newer than the page's until it refreshes.
  const savedVersion = useRef(0);
  const { mutateAsync: untrash } = trpc.chapters.untrash.useMutation();
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const [refreshing, startRefresh] = useTransition();
  const added = adding?.id ? fromServer.find((c) => c.id === adding.id) : undefined;
  // Until the server's list holds the new chapter; should a refresh come back without it (another
  // tab deleted it at once), the row goes rather than waiting for ever.
  const pending = adding && !added && (!adding.id || refreshing) ? adding : null;

  // Should the list go while a chapter is held (the page left), the page scroll-anchors again.
  useEffect(() => () => holdScrollAnchoring(false), []);

  // The list as the order's tree: parts with their chapters, and the chapters outside any part.
  const entries = entriesOf({ chapters, parts });
  const byId = new Map(chapters.map((c) => [c.id, c]));

  /**
   * Shows the new order at once and saves it with the order version read, or the one the last move
   * answered when the page has not caught up yet (two moves in a row); a refusal brings the old order back.
   */
  function save(next: OrderEntry[]) {
    const order = chaptersOf(next).map(({ id, partId }) => ({ ...byId.get(id)!, partId }));
    setMoved({ base: fromServer, order });
    reorder.mutate(
      { bookId, orderVersion: Math.max(orderVersion, savedVersion.current), entries: next },
      {
        onSuccess: (saved) => {
          savedVersion.current = saved.orderVersion;
          router.refresh();
        },
        onError: (error) => {
          setMoved(null);
          const stale = describeProblem(error)?.code === "version_conflict";
          setNotice({ message: stale ? t("orderChanged") : t("orderNotSaved", { reason: describeProblem(error)?.message ?? "" }) });
          if (stale) router.refresh();
        },
      },
    );
  }

  function dropped({ active, over }: DragEndEvent) {
    holdScrollAnchoring(false);
    if (!over || active.id === over.id) return;
    // Dropped on a chapter's place, it joins that chapter's part (or none).
    save(moveChapterTo(entries, String(active.id), String(over.id)));
  }

  const partMenu = (chapter: ChapterSummaryDto) =>
    parts.length > 0 && (
      <select
        className={styles.partSelect}
        aria-label={t("partOf", { title: chapter.title })}
        value={chapter.partId ?? ""}
        disabled={reorder.isPending}
        onChange={(event) => save(moveChapterIntoPart(entries, chapter.id, event.target.value || null))}
      >
        <option value="">{t("noPart")}</option>
        {parts.map((part) => (
          <option key={part.id} value={part.id} lang={language}>
            {part.title}
          </option>
        ))}
      </select>
    );

  const form = (
    <>
      <AddChapterForm
        bookId={bookId}
        nextTitle={nextTitle}
        language={language}
        busy={pending !== null}
        onAdding={(title) => setAdding({ title })}
        onAdded={(chapter: ChapterDto) => {
          setAdding({ title: chapter.title, id: chapter.id });
          startRefresh(() => router.refresh());
        }}
        onFailed={() => setAdding(null)}
      />
      <p role="status" className="muted">
        {added && t("added", { title: added.title })}
      </p>
    </>
  );

  // One tree whether the list is empty or not, so the form (and its request) outlives the first chapter.
  return (
    <>
      {chapters.length === 0 && !pending ? (
        <div className="empty">
          <p className="empty-title">{t("noChapters")}</p>
          <p className="muted">{t("noChaptersHint")}</p>
        </div>
      ) : (
        <>
          <p className={`muted ${styles.hint}`}>
            {t("dragHint")}
          </p>
          <DndContext
            id={dndId}
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragStart={() => holdScrollAnchoring(true)}
            onDragEnd={dropped}
            onDragCancel={() => holdScrollAnchoring(false)}
            accessibility={{ announcements: announcer(chapters, t), screenReaderInstructions: { draggable: t("instructions") } }}
          >
            <SortableContext items={chapters.map((c) => c.id)} strategy={verticalListSortingStrategy}>
              <ol className={styles.chapters} aria-label={t("list")}>
                {entries.flatMap((entry) => {
                  const row = (id: string) => {
                    const chapter = byId.get(id)!;
                    return (
                      <ChapterRow
                        key={chapter.id}
                        chapter={chapter}
                        language={language}
                        place={chapters.indexOf(chapter) + 1}
                        lastBy={lastHands[chapter.id]}
                        onDelete={() => setDeleting(chapter)}
                        onRenamed={() => router.refresh()}
                        partMenu={partMenu(chapter)}
                      />
                    );
                  };
                  if ("chapterId" in entry) return [row(entry.chapterId)];
                  const part = parts.find((p) => p.id === entry.partId)!;
                  return [
                    <PartHeading
                      key={`part-${part.id}`}
                      part={part}
                      language={language}
                      empty={entry.chapterIds.length === 0}
                      onChanged={() => router.refresh()}
                      onDeleted={(gone) => {
                        setNotice({ message: t("partDeleted", { title: gone.title }) });
                        router.refresh();
                      }}
                    />,
                    ...entry.chapterIds.map(row),
                  ];
                })}
                {pending && (
                  <li className={styles.chapter} aria-busy="true">
                    <span className={styles.handle} aria-hidden="true" />
                    <span className={styles.place} aria-hidden="true">
                      {chapters.length + 1}
                    </span>
                    <span className={`${styles.chapterTitle} ${styles.pendingTitle}`} lang={language}>
                      {pending.title}
                    </span>
                    <span className={styles.chapterWords}>{t("adding")}</span>
                  </li>
                )}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
      {deleting && (
        <ConfirmDeleteChapter
          chapter={deleting}
          language={language}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            const chapter = deleting;
            // As a book's: the toast takes it back at once; the book's trash keeps it meanwhile.
            const undo = () =>
              untrash({ bookId: chapter.bookId, chapterId: chapter.id }).then(
                () => {
                  setNotice({ message: t("back", { title: chapter.title }) });
                  router.refresh();
                },
                (error: unknown) => setNotice({ message: t("notBack", { title: chapter.title, reason: describeProblem(error)?.message ?? "" }) }),
              );
            setNotice({ message: t("trashed", { title: chapter.title }), action: { label: t("undo"), run: () => void undo() } });
            router.refresh();
          }}
        />
      )}
      {form}
      <AddPartForm bookId={bookId} language={language} onAdded={() => router.refresh()} />
      <Notice notice={notice} onDismiss={dismiss} />
    </>
  );
}
