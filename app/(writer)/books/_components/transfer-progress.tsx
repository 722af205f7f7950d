"use client";

export interface ProgressState {
  phase: "upload" | "download" | "convert";
  fraction: number | null;
}

const WORDS = { upload: "Uploading", convert: "Converting", download: "Downloading" } as const;

/** A labelled progress bar; without a known fraction it says what is happening and shows no bar. */
export function TransferProgress({ state }: { state: ProgressState | null }) {
  if (!state) return null;
  const percent = state.fraction === null ? null : Math.round(state.fraction * 100);
  return (
    <div className="field" aria-live="polite">
      <p className="field-hint">
        {WORDS[state.phase]}
        {percent === null ? "…" : ` ${percent}%`}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={WORDS[state.phase]}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <span style={{ width: `${percent ?? 100}%`, opacity: percent === null ? 0.35 : 1 }} />
      </div>
    </div>
  );
}
