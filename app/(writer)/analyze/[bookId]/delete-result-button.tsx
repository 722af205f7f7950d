"use client";

import { useRouter } from "next/navigation";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "../../../_trpc/client";

/** Deletes a kept result for good (it can be run again) and goes back to the book's analyses. */
export function DeleteResultButton({ bookId, analysisId, templateName }: { bookId: string; analysisId: string; templateName: string }) {
  const router = useRouter();
  const t = useTranslations("analysis.deleteResult");
  const { describeProblem } = useProblems();
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
        aria-label={t("label", { name: templateName })}
        onClick={() => remove.mutate({ bookId, analysisId })}
      >
        {remove.isPending ? t("deleting") : t("delete")}
      </button>
    </>
  );
}
