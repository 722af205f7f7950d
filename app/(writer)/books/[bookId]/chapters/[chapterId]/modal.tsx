"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import styles from "./editor.module.css";

/**
 * A modal <dialog>: the browser keeps focus inside it, Escape closes it, and focus returns to
 * where it was when it closes.
 */
export function Modal({ open, onClose, title, wide, children }: { open: boolean; onClose(): void; title: string; wide?: boolean; children: ReactNode }) {
  const t = useTranslations("editor.modal");
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current!;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  // Not made from the title: a Chinese title has no \w, and every dialog's id would be the same.
  const headingId = useId();
  return (
    <dialog ref={dialog} className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog} aria-labelledby={headingId} onClose={onClose}>
      {open && (
        <>
          <div className={styles.dialogHead}>
            <h2 id={headingId}>{title}</h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={t("close")}>
              ×
            </button>
          </div>
          {children}
        </>
      )}
    </dialog>
  );
}
