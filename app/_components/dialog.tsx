"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";

/**
 * A modal on the native <dialog>: the browser keeps focus inside, Escape closes it, and focus
 * returns to whatever opened it. Rendered only while open, so each opening starts afresh.
 */
export function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: (headingId: string) => ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      opener?.focus();
    };
  }, []);
  return (
    <dialog ref={ref} className="dialog" aria-labelledby={headingId} onClose={onClose} onCancel={(event) => (event.preventDefault(), onClose())}>
      <div className="dialog-body">
        <h2 id={headingId}>{title}</h2>
        {children(headingId)}
      </div>
    </dialog>
  );
}
