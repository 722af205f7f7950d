"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import { useProblems } from "../../../_components/use-problems";
import { TransferUnreachable, type OnProgress } from "./transfer";

interface ProgressState {
  phase: "upload" | "download" | "convert";
  fraction: number | null;
}

/** A labelled progress bar; without a known fraction it says what is happening and shows no bar. */
export function TransferProgress({ state }: { state: ProgressState | null }) {
  const t = useTranslations("books.transfer");
  if (!state) return null;
  const phase = t(state.phase);
  const percent = state.fraction === null ? null : Math.round(state.fraction * 100);
  return (
    <div className="field" aria-live="polite">
      <p className="field-hint">
        {percent === null ? t("unknown", { phase }) : t("percent", { phase, percent })}
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={phase}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <span style={{ width: `${percent ?? 100}%`, opacity: percent === null ? 0.35 : 1 }} />
      </div>
    </div>
  );
}

/**
 * The state of one Import or Export: its progress while it runs, and the sentence for what went
 * wrong. `work` answers a failure's sentence, or null when it succeeded; a lost connection throws.
 */
export function useTransfer() {
  const [progress, setProgress] = useState<ProgressState | null>(null);
  const [problem, setProblem] = useState<string>();
  const { networkProblem } = useProblems();

  async function run(first: ProgressState, work: (onProgress: OnProgress) => Promise<string | null>): Promise<void> {
    setProblem(undefined);
    setProgress(first);
    const fail = (sentence: string) => {
      setProgress(null);
      setProblem(sentence);
    };
    try {
      const failure = await work((phase, fraction) => setProgress({ phase, fraction }));
      if (failure !== null) fail(failure);
    } catch (error) {
      fail(error instanceof TransferUnreachable ? networkProblem().message : (error as Error).message);
    }
  }

  return { progress, problem, setProblem, run };
}
