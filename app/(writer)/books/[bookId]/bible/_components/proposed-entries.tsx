"use client";

import { useState } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { formatNumber } from "@/app/_components/format";
import { describeProblem } from "@/app/_components/problem";
import { trpc } from "@/app/_trpc/client";
import styles from "./bible.module.css";

/**
 * The characters the book's text proposes that the bible does not have yet (after an import,
 * the manuscript's cast), each added with one click as a character entry. Nothing is added
 * without that click. Shown only when there is something to propose.
 */
export function ProposedEntries({ bookId, language }: { bookId: string; language: string }) {
  const utils = trpc.useUtils();
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
      <h2 id="proposed-heading">Proposed from the text</h2>
      <p className={styles.small}>Names the book uses like characters&rsquo; names. Add the ones that are; the rest stay out of the bible.</p>
      <FormAlert message={problem} />
      <ul className={styles.proposals} lang={language}>
        {items.map((item) => (
          <li key={item.name}>
            <span className={styles.proposalName}>{item.name}</span>
            <span className={styles.small}>
              {formatNumber(item.mentions)} {item.mentions === 1 ? "mention" : "mentions"} in {formatNumber(item.chapters)} {item.chapters === 1 ? "chapter" : "chapters"}
            </span>
            <button type="button" className="button secondary small" disabled={add.isPending} onClick={() => accept(item.name)} aria-label={`Add ${item.name} to the bible`}>
              Add
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
