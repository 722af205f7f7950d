"use client";

import { useTranslations } from "use-intl";
import type { SaveStatus } from "./chapter-sync";
import styles from "./editor.module.css";

/**
 * Where the text stands, in words and a colour dot. Only the states that need the writer are
 * announced to screen readers (a live "Saving… Saved" every few seconds would be noise).
 */
export function SaveIndicator({
  status,
  onResolve,
  onSignIn,
  onRetry,
}: {
  status: SaveStatus;
  onResolve(): void;
  onSignIn(): void;
  onRetry(): void;
}) {
  const t = useTranslations("editor.save");
  const needsWriter = status.state === "conflict" || status.state === "signed-out" || status.state === "error" || status.state === "offline";
  return (
    <span className={styles.status} data-state={status.state}>
      <span className={styles.dot} aria-hidden="true" />
      <span role={needsWriter ? "alert" : undefined} data-testid="save-state">
        {t(status.state)}
        {status.state === "error" && <span className={styles.statusDetail}> — {status.message}</span>}
      </span>
      {status.state === "conflict" && (
        <button type="button" className="link-button" onClick={onResolve}>
          {t("resolve")}
        </button>
      )}
      {status.state === "signed-out" && (
        <button type="button" className="link-button" onClick={onSignIn}>
          {t("signIn")}
        </button>
      )}
      {status.state === "error" && status.retrying === false && (
        <button type="button" className="link-button" onClick={onRetry}>
          {t("retry")}
        </button>
      )}
    </span>
  );
}
