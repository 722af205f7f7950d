"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { PlotGridCellDto, PlotGridDto } from "@/server/plot-grid/schemas";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "./plot-grid.module.css";
import { sceneName } from "@/app/_components/scene-name";

type SaveState = { state: "idle" } | { state: "saving" } | { state: "saved"; sentence: string } | { state: "error"; message: string };
const cellKey = (plotlineId: string, chapterId: string) => `${plotlineId}\u0000${chapterId}`;

/**
 * The plot grid (decision 0506): a row per plotline (its colour beside its name), a column per
 * chapter under its part. A cell lists the scenes whose plan carries the plotline ("Chapter" when
 * the chapter's own plan does) and the writer's note, edited in place and saved on blur; the line
 * above the table says what was saved, as the outline's does.
 */
export function PlotGridView({ bookId, language, initial }: { bookId: string; language: string; initial: PlotGridDto }) {
  const t = useTranslations("plotGrid");
  const common = useTranslations("common");
  const { describeProblem } = useProblems();
  const [notes, setNotes] = useState(() => new Map(initial.cells.map((cell) => [cellKey(cell.plotlineId, cell.chapterId), cell.note])));
  const [save, setSave] = useState<SaveState>({ state: "idle" });
  const setCell = trpc.plotGrid.setCell.useMutation();
  const cells = new Map<string, PlotGridCellDto>(initial.cells.map((cell) => [cellKey(cell.plotlineId, cell.chapterId), cell]));

  // The header's first row: each part over its run of chapters; chapters outside parts under a blank.
  const groups: { partId: string | null; title: string | null; span: number }[] = [];
  for (const chapter of initial.chapters) {
    const last = groups.at(-1);
    if (last && last.partId === chapter.partId) last.span++;
    else groups.push({ partId: chapter.partId, title: initial.parts.find((part) => part.id === chapter.partId)?.title ?? null, span: 1 });
  }

  function saveNote(plotline: { id: string; name: string }, chapter: { id: string; number: number }, note: string) {
    const key = cellKey(plotline.id, chapter.id);
    if ((notes.get(key) ?? "") === note) return;
    setSave({ state: "saving" });
    setCell.mutate(
      { bookId, plotlineId: plotline.id, chapterId: chapter.id, note },
      {
        onSuccess: (saved) => {
          setNotes((current) => new Map(current).set(key, saved.note));
          const words = { plotline: plotline.name, number: chapter.number };
          setSave({ state: "saved", sentence: saved.note === "" ? t("cleared", words) : t("saved", words) });
        },
        onError: (error) => setSave({ state: "error", message: describeProblem(error, { withDetail: "fields" })?.message ?? "" }),
      },
    );
  }

  return (
    <section aria-label={t("gridLabel")}>
      <p className={styles.saveState} data-state={save.state} data-testid="plot-grid-save-state" role={save.state === "error" ? "alert" : "status"}>
        {save.state === "saving" && t("saving")}
        {save.state === "saved" && save.sentence}
        {save.state === "error" && t("notSaved", { problem: save.message })}
      </p>
      <div className={styles.scroll}>
        <table className={styles.grid}>
          <caption className="visually-hidden">{t("caption")}</caption>
          <thead>
            {initial.parts.length > 0 && (
              <tr>
                <td className={styles.corner} />
                {groups.map((group, index) => (
                  <th key={`${group.partId ?? "none"}-${index}`} scope="colgroup" colSpan={group.span} className={styles.part} lang={group.title === null ? undefined : language}>
                    {group.title ?? t("noPart")}
                  </th>
                ))}
              </tr>
            )}
            <tr>
              <th scope="col" className={styles.corner}>
                {t("corner")}
              </th>
              {initial.chapters.map((chapter) => (
                <th key={chapter.id} scope="col" className={styles.chapter}>
                  <a href={`/books/${bookId}/chapters/${chapter.id}`} lang={language}>
                    {t("chapterHeading", { number: chapter.number, title: chapter.title })}
                  </a>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {initial.plotlines.map((plotline) => (
              <tr key={plotline.id}>
                <th scope="row" className={styles.plotline} style={{ borderInlineStartColor: plotline.colour }} lang={language}>
                  {plotline.name}
                </th>
                {initial.chapters.map((chapter) => {
                  const key = cellKey(plotline.id, chapter.id);
                  const cell = cells.get(key);
                  return (
                    <td key={chapter.id} className={styles.cell} data-testid={`cell-${plotline.id}-${chapter.id}`} style={cell && (cell.chapter || cell.scenes.length > 0) ? { background: `${plotline.colour}14` } : undefined}>
                      {cell && (cell.chapter || cell.scenes.length > 0) && (
                        <ul className={styles.carriers}>
                          {cell.chapter && (
                            <li className={styles.chip} title={t("theChapterHint")} style={{ borderColor: plotline.colour }}>
                              {t("theChapter")}
                            </li>
                          )}
                          {cell.scenes.map((scene) => (
                            <li key={scene.id} className={styles.chip} style={{ borderColor: plotline.colour }} lang={scene.title.trim() ? language : undefined}>
                              {sceneName(common, scene)}
                            </li>
                          ))}
                        </ul>
                      )}
                      {initial.editable ? (
                        <NoteField
                          label={t("noteLabel", { plotline: plotline.name, number: chapter.number })}
                          placeholder={t("notePlaceholder")}
                          language={language}
                          value={notes.get(key) ?? ""}
                          onSave={(note) => saveNote(plotline, chapter, note)}
                        />
                      ) : (
                        notes.get(key) && (
                          <p className={styles.note} lang={language}>
                            {notes.get(key)}
                          </p>
                        )
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A cell's note: typed freely, saved when the writer leaves it (blur), as the outline's synopsis is. */
function NoteField({ label, placeholder, language, value, onSave }: { label: string; placeholder: string; language: string; value: string; onSave(note: string): void }) {
  const [draft, setDraft] = useState(value);
  return (
    <textarea
        className={styles.noteField}
        aria-label={label}
        placeholder={placeholder}
        lang={language}
        rows={2}
        maxLength={2000}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      onBlur={() => onSave(draft)}
    />
  );
}
