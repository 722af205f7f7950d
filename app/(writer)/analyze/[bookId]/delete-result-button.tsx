"use client";

import { useRouter } from "next/navigation";
import { FormAlert } from "../../../_components/form-alert";
import { describeProblem } from "../../../_components/problem";
import { trpc } from "../../../_trpc/client";

/** Deletes a kept result for good (it can be run again) and goes back to the book's analyses. */
export function DeleteResultButton({ bookId, analysisId, templateName }: { bookId: string; analysisId: string; templateName: string }) {
  const router = useRouter();
  const remove = trpc.analysis.deleteResult.useMutation({
    onSuccess: () => {
      router.push(`/analyze/${bookId}`);
      router.refresh();
    },
  });
  return (
    <>
      <FormAlert message={describeProblem(remove.error)?.message} />
      <button
        type="button"
        className="button danger small"
        disabled={remove.isPending}
        aria-busy={remove.isPending || undefined}
        // The visible words first, so a voice user who says them is understood (WCAG 2.5.3).
        aria-label={`Delete result: ${templateName}`}
        onClick={() => remove.mutate({ bookId, analysisId })}
      >
        {remove.isPending ? "Deleting…" : "Delete result"}
      </button>
    </>
  );
}
