"use client";

import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useRouter } from "next/navigation";
import { useCallback, useId, useState, useTransition } from "react";
import { useTranslations } from "use-intl";
import type { OrderEntry } from "@/server/parts/contents-tree";
import { cardId, cardsOf, dropCard, stepChapter, stepScene, type Board, type BoardMove } from "@/server/plan/corkboard-moves";
import type { PlanStatus } from "@/server/plan/schemas";
import { Notice, type NoticeContent } from "../../../../_components/notice";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "./corkboard.module.css";

/** A card as the page shows it: a scene, or a chapter that has no scenes. */
export interface CardView {
  id: string;
  kind: "scene" | "chapter";
  title: string;
  synopsis: string;
  status: PlanStatus | null;
  pov: string | null;
  labels: { name: string; colour: string }[];
  wordCount: number;
}
export interface BoardChapterView {
  id: string;
  title: string;
  version: number;
  /** the chapter's own card: shown when it has no scenes */
  card: CardView;
  scenes: CardView[];
}
export interface BoardPartView {
  partId: string;
  title: string;
  chapters: BoardChapterView[];
}

const isPart = (group: BoardPartView | BoardChapterView): group is BoardPartView => "partId" in group;

/** The board as the moves read it (server/plan/corkboard-moves.ts): the order and the versions. */
function boardOf(groups: (BoardPartView | BoardChapterView)[], orderVersion: number): Board {
  const chapters = groups.flatMap((group) => (isPart(group) ? group.chapters : [group]));
  const entries: OrderEntry[] = groups.map((group) => (isPart(group) ? { partId: group.partId, chapterIds: group.chapters.map((c) => c.id) } : { chapterId: group.id }));
  return { entries, orderVersion, chapters: chapters.map((c) => ({ id: c.id, version: c.version, sceneIds: c.scenes.map((s) => s.id) })) };
}

/**
 * The corkboard (decision 0505). A drop or a button asks `corkboard-moves` what it means and sends
 * that one request — scenes reordered, a scene moved to another chapter, or the contents reordered —
 * with the versions the board was read at; then the page is read again. While one move is saved
 * the others wait, so the board never sends a version it knows is old; a stale one (another window)
 * is said, and the board reloads.
 */
export function CorkboardView({
  bookId,
  language,
  orderVersion,
  groups,
  arranges,
}: {
  bookId: string;
  language: string;
  orderVersion: number;
  groups: (BoardPartView | BoardChapterView)[];
  /** may this person move cards (the `write` action: moving scenes rewrites chapters' text) */
  arranges: boolean;
}) {
  const t = useTranslations("corkboard");
  const { describeProblem } = useProblems();
  const router = useRouter();
  const dndId = useId();
  const [notice, setNotice] = useState<NoticeContent | null>(null);
  const [status, setStatus] = useState("");
  const dismiss = useCallback(() => setNotice(null), []);
  const reorderScenes = trpc.scenes.reorder.useMutation();
  const moveScene = trpc.scenes.move.useMutation();
  const reorderContents = trpc.parts.reorder.useMutation();
  // Busy until the page is read again after a move: the board's versions are then current, so the
  // next move never names one this board made stale itself.
  const [refreshing, startRefresh] = useTransition();
  const busy = reorderScenes.isPending || moveScene.isPending || reorderContents.isPending || refreshing;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const board = boardOf(groups, orderVersion);
  const cards = new Map(groups.flatMap((group) => (isPart(group) ? group.chapters : [group])).flatMap((chapter) => (chapter.scenes.length ? chapter.scenes : [chapter.card])).map((card) => [card.id, card]));
  const titleOf = (id: string | number) => cards.get(String(id))?.title ?? "";

  async function send(move: BoardMove | null, title: string) {
    if (!move || busy) return;
    setStatus(t("saving"));
    try {
      if (move.kind === "reorderScenes") await reorderScenes.mutateAsync({ bookId, chapterId: move.chapterId, version: move.version, sceneIds: move.sceneIds });
      else if (move.kind === "moveScene")
        await moveScene.mutateAsync({ bookId, sceneId: move.sceneId, version: move.version, toChapterId: move.toChapterId, toVersion: move.toVersion, ...(move.position ? { position: move.position } : {}) });
      else await reorderContents.mutateAsync({ bookId, orderVersion: move.orderVersion, entries: move.entries });
      setStatus(t("moved", { title }));
    } catch (error) {
      setStatus("");
      const problem = describeProblem(error);
      setNotice({ message: problem?.code === "version_conflict" ? t("stale") : t("notSaved", { reason: problem?.message ?? "" }) });
    }
    startRefresh(() => router.refresh());
  }

  function dropped({ active, over }: DragEndEvent) {
    if (!over) return;
    void send(dropCard(board, String(active.id), String(over.id)), titleOf(active.id));
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => t("announce.start", { title: titleOf(active.id) }),
    onDragOver: ({ active, over }) => (over && over.id !== active.id ? t("announce.over", { title: titleOf(active.id), over: titleOf(over.id) }) : undefined),
    onDragEnd: ({ active, over }) => (over && over.id !== active.id ? t("announce.end", { title: titleOf(active.id), over: titleOf(over.id) }) : t("announce.endNowhere", { title: titleOf(active.id) })),
    onDragCancel: ({ active }) => t("announce.cancel", { title: titleOf(active.id) }),
  };

  if (groups.length === 0) return <p className="empty empty-title">{t("empty")}</p>;

  const chapterSection = (chapter: BoardChapterView) => (
    <section key={chapter.id} className={styles.chapter} aria-labelledby={`chapter-${chapter.id}`}>
      <div className={styles.chapterHead}>
        <h3 id={`chapter-${chapter.id}`} lang={language}>
          {chapter.title}
        </h3>
        {arranges && (
          <span className={styles.moves}>
            <button type="button" className="button secondary small" disabled={busy} aria-label={t("chapterEarlierLabel", { title: chapter.title })} onClick={() => void send(stepChapter(board, chapter.id, -1), chapter.title)}>
              ↑ {t("earlier")}
            </button>
            <button type="button" className="button secondary small" disabled={busy} aria-label={t("chapterLaterLabel", { title: chapter.title })} onClick={() => void send(stepChapter(board, chapter.id, 1), chapter.title)}>
              ↓ {t("later")}
            </button>
          </span>
        )}
      </div>
      <ol className={styles.cards} aria-label={t("cards", { chapter: chapter.title })}>
        {(chapter.scenes.length ? chapter.scenes : [chapter.card]).map((card) => (
          <Card
            key={card.id}
            card={card}
            language={language}
            arranges={arranges}
            busy={busy}
            onEarlier={() => void send(card.kind === "scene" ? stepScene(board, card.id, -1) : stepChapter(board, card.id, -1), card.title)}
            onLater={() => void send(card.kind === "scene" ? stepScene(board, card.id, 1) : stepChapter(board, card.id, 1), card.title)}
          />
        ))}
      </ol>
    </section>
  );

  const sections = groups.map((group) =>
    isPart(group) ? (
      <section key={group.partId} className={styles.part} aria-labelledby={`part-${group.partId}`}>
        <h2 id={`part-${group.partId}`} lang={language}>
          {group.title}
        </h2>
        {group.chapters.map(chapterSection)}
      </section>
    ) : (
      chapterSection(group)
    ),
  );

  return (
    <>
      <p className={`muted ${styles.hint}`}>{arranges ? t("hint") : t("readOnly")}</p>
      <p role="status" className={styles.saveState}>
        {status}
      </p>
      <div className={styles.board} aria-busy={busy}>
        {arranges ? (
          <DndContext id={dndId} sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped} accessibility={{ announcements, screenReaderInstructions: { draggable: t("instructions") } }}>
            <SortableContext items={cardsOf(board).map(cardId)} strategy={rectSortingStrategy}>
              {sections}
            </SortableContext>
          </DndContext>
        ) : (
          sections
        )}
      </div>
      <Notice notice={notice} onDismiss={dismiss} />
    </>
  );
}

function Card({ card, language, arranges, busy, onEarlier, onLater }: { card: CardView; language: string; arranges: boolean; busy: boolean; onEarlier: () => void; onLater: () => void }) {
  const t = useTranslations("corkboard");
  const body = (
    <>
      <div className={styles.cardHead}>
        <h4 className={styles.cardTitle} lang={language}>
          {card.title}
        </h4>
        <span className={styles.status} data-status={card.status ?? "none"}>
          {t(`status.${card.status ?? "none"}`)}
        </span>
      </div>
      {card.kind === "chapter" && <p className={styles.kind}>{t("chapterCard")}</p>}
      <p className={card.synopsis ? styles.synopsis : `${styles.synopsis} muted`} lang={card.synopsis ? language : undefined}>
        {card.synopsis || t("noSynopsis")}
      </p>
      <p className={styles.meta}>
        {card.pov && <span lang={language}>{t("pov", { name: card.pov })}</span>}
        <span>{t("words", { count: card.wordCount })}</span>
      </p>
      {card.labels.length > 0 && (
        <ul className={styles.labels} aria-label={t("labels")}>
          {card.labels.map((label) => (
            <li key={label.name} style={{ borderColor: label.colour }} lang={language}>
              {label.name}
            </li>
          ))}
        </ul>
      )}
    </>
  );
  if (!arranges)
    return (
      <li className={styles.card} data-status={card.status ?? "none"} data-card={card.id}>
        {body}
      </li>
    );
  return <SortableCard card={card} busy={busy} onEarlier={onEarlier} onLater={onLater} body={body} />;
}

function SortableCard({ card, busy, onEarlier, onLater, body }: { card: CardView; busy: boolean; onEarlier: () => void; onLater: () => void; body: React.ReactNode }) {
  const t = useTranslations("corkboard");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: card.id, disabled: busy });
  return (
    <li
      ref={setNodeRef}
      className={styles.card}
      data-status={card.status ?? "none"}
      data-card={card.id}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button type="button" ref={setActivatorNodeRef} className={styles.handle} aria-label={t("handle", { title: card.title })} {...attributes} {...listeners}>
        ⠿
      </button>
      {body}
      <div className={styles.moves}>
        <button type="button" className="button secondary small" disabled={busy} aria-label={t("earlierLabel", { title: card.title })} onClick={onEarlier}>
          ← {t("earlier")}
        </button>
        <button type="button" className="button secondary small" disabled={busy} aria-label={t("laterLabel", { title: card.title })} onClick={onLater}>
          {t("later")} →
        </button>
      </div>
    </li>
  );
}
