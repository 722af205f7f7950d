"use client";

import { useState } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import styles from "./bible.module.css";

/**
 * The characters the book's text proposes that the bible does not have yet (after an import,
 * the manuscript's cast), each added with one click as a character entry. Nothing is added
 * without that click. Shown only when there is something to propose.
 */
export function ProposedEntries({ bookId, language }: { bookId: string; language: string }) {
  const utils = trpc.useUtils();
  const t = useTranslations("bible.proposed");
  const { describeProblem } = useProblems();
  const proposals = trpc.bible.proposals.useQuery({ bookId }, { staleTime: 60_000 });
  const add = trpc.bible.addCastMember.useMutation();
  const [problem, setProblem] = useState<string | undefined>();
  const items = proposals.data?.items ?? [];
  if (items.length === 0) return null;

  async function accept(name: string) {
    setProblem(undefined);
    try {
      await add.mutateAsync({ bookId, name });
      await Promise.all([utils.bible.proposals.invalidate({ bookId }), utils.bible.names.invalidate({ bookId }), utils.bible.entries.invalidate()]);
    } catch (error) {
      setProblem(describeProblem(error)?.message);
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="proposed-heading">
      <h2 id="proposed-heading">{t("heading")}</h2>
      <p className={styles.small}>{t("hint")}</p>
      <FormAlert message={problem} />
      <ul className={styles.proposals} lang={language}>
        {items.map((item) => (
          <li key={item.name}>
            <span className={styles.proposalName}>{item.name}</span>
            <span className={styles.small}>
              {t("counts", { mentions: item.mentions, chapters: item.chapters })}
            </span>
            <button type="button" className="button secondary small" disabled={add.isPending} onClick={() => accept(item.name)} aria-label={t("addLabel", { name: item.name })}>
              {t("add")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
