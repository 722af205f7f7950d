"use client";

import { useState } from "react";
import { countProse } from "@/server/text/prose";
import type { CountRule } from "@/server/text/text-rules";
import { formatDateTime, formatWords } from "@/app/_components/format";
import type { Conflict, Resolution } from "./chapter-sync";
import styles from "./editor.module.css";
import { Modal } from "./modal";
import { TextDiff } from "./text-diff";

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
    <Modal open={open} onClose={onClose} title="This chapter was changed somewhere else" wide>
      {theirs === null ? (
        <p>Loading the other version…</p>
      ) : (
        <>
          <p>
            Version {theirs.version} was saved {theirs.updatedAt ? `at ${formatDateTime(theirs.updatedAt)} ` : ""}
            in another tab or on another device after you started editing. Nothing has been overwritten: your text is
            here and kept in this browser.
          </p>
          <p className="muted">
            Yours: {formatWords(countProse(conflict.mine.content, countRule), language)} · The other: {formatWords(theirs.wordCount, language)}.
            Below, <del className={styles.legendDel}>struck out</del> is only in the other version,{" "}
            <ins className={styles.legendIns}>underlined</ins> only in yours.
          </p>
          <TextDiff before={theirs.content} after={conflict.mine.content} label="Differences between the other version and yours" />
          <div className={styles.choices}>
            <div>
              <button type="button" className="button" disabled={busy} onClick={() => choose("keep-both")}>
                Keep both
              </button>
              <p className="muted">
                The other version’s changes and yours are merged into one text (a paragraph both changed is kept twice, the
                other’s first); the other version is also kept in History for good.
              </p>
            </div>
            <div>
              <button type="button" className="button secondary" disabled={busy} onClick={() => choose("keep-mine")}>
                Keep mine
              </button>
              <p className="muted">Yours is saved over it; the other stays in History like any older version.</p>
            </div>
            <div>
              <button type="button" className="button danger" disabled={busy} onClick={() => choose("take-theirs")}>
                Use the other, discard mine
              </button>
              <p className="muted">The editor takes the other version; your unsaved changes are dropped.</p>
            </div>
          </div>
        </>
      )}
    </Modal>
  );
}
