"use client";

import { useState } from "react";
import { countProse } from "@/server/text/prose";
import type { CountRule } from "@/server/text/text-rules";
import { useTranslations } from "use-intl";
import type { Conflict, Resolution } from "./chapter-sync";
import styles from "./editor.module.css";
import { Modal } from "./modal";
import { TextDiff } from "./text-diff";
import { useCountWords } from "./use-count-words";
import { useDates } from "@/app/_i18n/use-dates";

/**
 * A save found the chapter saved elsewhere since it was opened. Nothing was overwritten; the
 * writer decides, seeing what differs. "Decide later" leaves the conflict in the status bar,
 * autosave paused and the text kept in the browser.
 */
export function ConflictDialog({
  conflict,
  language,
  countRule,
  open,
  onResolve,
  onClose,
}: {
  conflict: Conflict;
  /** the book's language: a Chinese or Japanese book counts characters */
  language: string;
  countRule: CountRule;
  open: boolean;
  onResolve(choice: Resolution): Promise<void>;
  onClose(): void;
}) {
  const t = useTranslations("editor.conflict");
  const dates = useDates();
  const countWords = useCountWords();
  const [busy, setBusy] = useState(false);
  const theirs = conflict.theirs;
  const choose = async (choice: Resolution) => {
    setBusy(true);
    try {
      await onResolve(choice);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={t("title")} wide>
      {theirs === null ? (
        <p>{t("loading")}</p>
      ) : (
        <>
          <p>
            {theirs.updatedAt
              ? t("savedAt", { version: theirs.version, time: dates.dateTime(theirs.updatedAt) })
              : t("saved", { version: theirs.version })}
          </p>
          <p className="muted">
            {t("counts", { mine: countWords(countProse(conflict.mine.content, countRule), language), theirs: countWords(theirs.wordCount, language) })}{" "}
            {t.rich("legend", {
              del: (chunks) => <del className={styles.legendDel}>{chunks}</del>,
              ins: (chunks) => <ins className={styles.legendIns}>{chunks}</ins>,
            })}
          </p>
          <TextDiff before={theirs.content} after={conflict.mine.content} label={t("diffLabel")} />
          <div className={styles.choices}>
            <div>
              <button type="button" className="button" disabled={busy} onClick={() => choose("keep-both")}>
                {t("keepBoth")}
              </button>
              <p className="muted">{t("keepBothHint")}</p>
            </div>
            <div>
              <button type="button" className="button secondary" disabled={busy} onClick={() => choose("keep-mine")}>
                {t("keepMine")}
              </button>
              <p className="muted">{t("keepMineHint")}</p>
            </div>
            <div>
              <button type="button" className="button danger" disabled={busy} onClick={() => choose("take-theirs")}>
                {t("takeTheirs")}
              </button>
              <p className="muted">{t("takeTheirsHint")}</p>
            </div>
          </div>
        </>
      )}
    </Modal>
  );
}
