"use client";

import { useEffect, useRef } from "react";
import { useTranslations } from "use-intl";

export interface NoticeContent {
  message: string;
  action?: { label: string; run: () => void };
}

const SHOWN_FOR_MS = 10_000;

/**
 * A short message at the foot of the screen, with one action (Undo). Focus moves to the action,
 * so one key undoes; the notice stays while it holds focus and leaves ten seconds after that.
 */
export function Notice({ notice, onDismiss }: { notice: NoticeContent | null; onDismiss: () => void }) {
  const t = useTranslations("shell.notice");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!notice) return;
    if (notice.action) ref.current?.querySelector("button")?.focus();
    const timer = setInterval(() => {
      if (!ref.current?.contains(document.activeElement)) onDismiss();
    }, SHOWN_FOR_MS);
    return () => clearInterval(timer);
  }, [notice, onDismiss]);
  return (
    <div ref={ref} role="status" aria-live="polite" aria-atomic="true">
      {notice && (
        <div className="notice">
          <span>{notice.message}</span>
          <span className="button-row">
            {notice.action && (
              <button type="button" className="button small" onClick={notice.action.run}>
                {notice.action.label}
              </button>
            )}
            <button type="button" className="button small" onClick={onDismiss} aria-label={t("dismiss")}>
              <span aria-hidden="true">×</span>
            </button>
          </span>
        </div>
      )}
    </div>
  );
}
