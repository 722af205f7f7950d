"use client";

import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import { Dialog } from "./dialog";
import { FormAlert } from "./form-alert";
import { useProblems } from "./use-problems";

/** Asks before a step that cannot be undone. "Keep it" has the focus, so Enter is the safe answer. */
export function ConfirmDialog({
  title,
  confirmLabel,
  pending,
  error,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const t = useTranslations("shell.dialog");
  const { describeProblem } = useProblems();
  return (
    <Dialog title={title} onClose={onClose}>
      {() => (
        <div className="stack">
          <FormAlert message={describeProblem(error)?.message} />
          {children}
          <div className="dialog-actions">
            <button type="button" className="button secondary" onClick={onClose} autoFocus>
              {t("keep")}
            </button>
            <button type="button" className="button danger solid" disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
