"use client";

import { useState, type KeyboardEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useTranslations } from "use-intl";
import { useProblems } from "@/app/_components/use-problems";
import { trpc } from "@/app/_trpc/client";
import type { SceneDto } from "@/server/scenes/schemas";
import styles from "./editor.module.css";
import { useCountWords } from "./use-count-words";
import { sceneName } from "@/app/_components/scene-name";

interface ScenesPanelProps {
  bookId: string;
  chapterId: string;
  language: string;
  /** the book's other chapters, for "Move to chapter…" */
  chapters: { id: string; title: string }[];
  /**
   * Runs a scene change that rewrites the text on the server, made against the chapter's version:
   * the editor saves what waits first, passes the version it then stands at, and takes the new text
   * afterwards. Answers null when done, a sentence when it could not, "" when the server refused.
   */
  change(run: (version: number) => Promise<unknown>): Promise<string | null>;
}

/**
 * The chapter's scenes beside its text (decision 0499): each one's title (renamed in place), its
 * words, Move up / Move down and Move to chapter…; a chapter without scenes offers to split at its
 * scene breaks. Every control is a button, input or select, so the keyboard reaches all of them.
 */
export function ScenesPanel({ bookId, chapterId, language, chapters, change }: ScenesPanelProps) {
  const t = useTranslations("editor.scenes");
  const common = useTranslations("common");
  const countWords = useCountWords();
  const { describeProblem } = useProblems();
  const ids = { bookId, chapterId };
  const scenes = trpc.scenes.listOfChapter.useQuery(ids, { staleTime: 5_000, refetchOnWindowFocus: true });
  const utils = trpc.useUtils();
  const split = trpc.scenes.split.useMutation();
  const add = trpc.scenes.create.useMutation();
  const rename = trpc.scenes.update.useMutation();
  const reorder = trpc.scenes.reorder.useMutation();
  const move = trpc.scenes.move.useMutation();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const list = scenes.data ?? [];
  const refresh = () => utils.scenes.listOfChapter.invalidate(ids);

  const run = async (what: (version: number) => Promise<unknown>, done: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const problem = await change(what);
      setNotice(problem === null ? done : problem || null);
    } finally {
      setBusy(false);
      void refresh();
    }
  };
  const shift = (index: number, by: -1 | 1) => {
    const order = list.map((s) => s.id);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    void run((version) => reorder.mutateAsync({ ...ids, version, sceneIds: order }), t(by < 0 ? "movedUp" : "movedDown", { name: sceneName(common, list[index]!) }));
  };
  const moveTo = (scene: SceneDto, toChapterId: string) =>
    run(async (version) => {
      const target = await utils.chapters.get.fetch({ bookId, chapterId: toChapterId }, { staleTime: 0 });
      await move.mutateAsync({ bookId, sceneId: scene.id, version, toChapterId, toVersion: target.version });
    }, t("movedTo", { name: sceneName(common, scene), chapter: chapters.find((c) => c.id === toChapterId)?.title ?? t("theChapter") }));

  return (
    <section id="scenes-panel" aria-labelledby="scenes-heading" className={styles.commentsPanel}>
      <div className={styles.commentsHead}>
        <h2 id="scenes-heading">{t("heading")}</h2>
        {list.length > 0 && (
          <button type="button" className="button ghost small" disabled={busy} onClick={() => void run((version) => add.mutateAsync({ ...ids, version }), t("added"))}>
            {t("add")}
          </button>
        )}
      </div>
      {notice && <p role="status">{notice}</p>}
      <FormAlert message={describeProblem(scenes.error ?? split.error ?? add.error ?? rename.error ?? reorder.error ?? move.error, { withDetail: "all" })?.message} />
      {scenes.isSuccess && list.length === 0 && (
        <div>
          <p className="muted">{t("oneStretch")}</p>
          <button
            type="button"
            className="button small"
            disabled={busy || split.isPending}
            onClick={() =>
              void split
                .mutateAsync(ids)
                .then((made) => setNotice(t("made", { count: made.length })))
                .catch(() => undefined)
                .finally(() => void refresh())
            }
          >
            {t("split")}
          </button>
        </div>
      )}
      <ol className={styles.threads} lang={language}>
        {list.map((scene, index) => (
          <li key={scene.id}>
            <article className={styles.thread} aria-label={sceneName(common, scene)}>
              <SceneTitle
                scene={scene}
                disabled={busy}
                onRename={(title) =>
                  rename
                    .mutateAsync({ bookId, sceneId: scene.id, title })
                    .then(() => refresh())
                    .catch(() => undefined)
                }
              />
              <p className={styles.commentMeta}>
                {countWords(scene.wordCount, language)}
              </p>
              <div className="button-row">
                <button type="button" className="button ghost small" disabled={busy || index === 0} aria-label={t("moveUpLabel", { name: sceneName(common, scene) })} onClick={() => shift(index, -1)}>
                  {t("moveUp")}
                </button>
                <button type="button" className="button ghost small" disabled={busy || index === list.length - 1} aria-label={t("moveDownLabel", { name: sceneName(common, scene) })} onClick={() => shift(index, 1)}>
                  {t("moveDown")}
                </button>
              </div>
              {chapters.length > 0 && <MoveTo scene={scene} chapters={chapters} disabled={busy} onMove={(to) => void moveTo(scene, to)} />}
            </article>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A scene's title, edited in place: Enter or leaving the field renames, Escape puts it back. */
function SceneTitle({ scene, disabled, onRename }: { scene: SceneDto; disabled: boolean; onRename(title: string): Promise<unknown> }) {
  const t = useTranslations("editor.scenes");
  const common = useTranslations("common");
  const [title, setTitle] = useState(scene.title);
  const [shown, setShown] = useState(scene.title);
  // A rename elsewhere (another tab, the CLI) shows once this field is not being edited.
  if (shown !== scene.title) {
    setShown(scene.title);
    setTitle(scene.title);
  }
  const commit = () => {
    if (title.trim() !== scene.title) void onRename(title.trim());
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter") {
      event.preventDefault();
      commit();
    } else if (event.key === "Escape") setTitle(scene.title);
  };
  return (
    <input
      className={styles.sceneTitle}
      aria-label={t("titleLabel", { position: scene.position })}
      placeholder={common("untitledScene", { position: scene.position })}
      value={title}
      maxLength={200}
      disabled={disabled}
      onChange={(event) => setTitle(event.target.value)}
      onBlur={commit}
      onKeyDown={keys}
    />
  );
}

/** "Move to chapter…": a choice of the book's other chapters and a button. */
function MoveTo({ scene, chapters, disabled, onMove }: { scene: SceneDto; chapters: { id: string; title: string }[]; disabled: boolean; onMove(chapterId: string): void }) {
  const t = useTranslations("editor.scenes");
  const common = useTranslations("common");
  const [to, setTo] = useState("");
  const id = `move-${scene.id}`;
  return (
    <div className={styles.sceneMove}>
      <label htmlFor={id} className="visually-hidden">
        {t("moveToLabel", { name: sceneName(common, scene) })}
      </label>
      <select id={id} value={to} disabled={disabled} onChange={(event) => setTo(event.target.value)}>
        <option value="">{t("moveTo")}</option>
        {chapters.map((chapter) => (
          <option key={chapter.id} value={chapter.id}>
            {chapter.title}
          </option>
        ))}
      </select>
      <button type="button" className="button ghost small" disabled={disabled || to === ""} onClick={() => onMove(to)}>
        {t("move")}
      </button>
    </div>
  );
}
