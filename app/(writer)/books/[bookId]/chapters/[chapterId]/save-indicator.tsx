"use client";

import type { SaveStatus } from "./chapter-sync";
import styles from "./editor.module.css";

const LABELS: Record<SaveStatus["state"], string> = {
  saved: "Saved",
  unsaved: "Edited",
  saving: "Saving…",
  offline: "Offline — kept in this browser",
  "signed-out": "Signed out — kept in this browser",
  conflict: "Changed elsewhere",
  error: "Not saved",
};

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
  const needsWriter = status.state === "conflict" || status.state === "signed-out" || status.state === "error" || status.state === "offline";
  return (
    <span className={styles.status} data-state={status.state}>
      <span className={styles.dot} aria-hidden="true" />
      <span role={needsWriter ? "alert" : undefined} data-testid="save-state">
        {LABELS[status.state]}
        {status.state === "error" && <span className={styles.statusDetail}> — {status.message}</span>}
      </span>
      {status.state === "conflict" && (
        <button type="button" className="link-button" onClick={onResolve}>
          Resolve…
        </button>
      )}
      {status.state === "signed-out" && (
        <button type="button" className="link-button" onClick={onSignIn}>
          Sign in…
        </button>
      )}
      {status.state === "error" && status.retrying === false && (
        <button type="button" className="link-button" onClick={onRetry}>
          Try again
        </button>
      )}
    </span>
  );
}
