"use client";

import { useRouter } from "next/navigation";
import { FormAlert } from "../../../_components/form-alert";
import { useProblems } from "../../../_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "../../../_trpc/client";

/** Install or uninstall a template, then show the page again with the new count and badge. */
export function LibraryButton({ templateId, installed }: { templateId: string; installed: boolean }) {
  const router = useRouter();
  const t = useTranslations("analysis.template");
  const { describeProblem } = useProblems();
  const install = trpc.analysis.install.useMutation({ onSuccess: () => router.refresh() });
  const uninstall = trpc.analysis.uninstall.useMutation({ onSuccess: () => router.refresh() });
  const mutation = installed ? uninstall : install;
  const problem = describeProblem(mutation.error, "library.");
  return (
    <div className="stack">
      <FormAlert message={problem?.message} />
      <button
        type="button"
        className={installed ? "button secondary" : "button"}
        aria-busy={mutation.isPending || undefined}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate({ templateId })}
      >
        {installed ? t("uninstall") : t("install")}
      </button>
    </div>
  );
}

/** Publish or unpublish the author's template. */
export function PublishButton({ templateId, published }: { templateId: string; published: boolean }) {
  const router = useRouter();
  const t = useTranslations("analysis.template");
  const { describeProblem } = useProblems();
  const update = trpc.analysis.update.useMutation({ onSuccess: () => router.refresh() });
  const problem = describeProblem(update.error, "template.");
  return (
    <div className="stack">
      <FormAlert message={problem?.message} />
      <button
        type="button"
        className="button secondary"
        disabled={update.isPending}
        onClick={() => update.mutate({ templateId, changes: { published: !published } })}
      >
        {published ? t("unpublish") : t("publish")}
      </button>
    </div>
  );
}
