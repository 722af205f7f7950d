"use client";

import Link from "next/link";
import { useMemo, useRef } from "react";
import { useFormatter, useTranslations } from "use-intl";
import styles from "./editor.module.css";

/** A story-bible entry as the editor shows it (its card, the panel, the marks). */
export interface EditorBibleEntry {
  id: string;
  kind: string;
  name: string;
  aliases: string[];
  /** the card's; the names' list (what the panel and the marks use) has none */
  description?: string;
  status?: string;
}

export interface EditorMention {
  id: string;
  from: number;
  to: number;
}

interface BiblePanelProps {
  bookId: string;
  language: string;
  entries: readonly EditorBibleEntry[];
  mentions: readonly EditorMention[];
  marked: boolean;
  onToggleMarks(): void;
  /** selects a mention in the text */
  onJump(mention: EditorMention): void;
}

/**
 * The entries this chapter mentions, in order of first appearance, with how often: a click
 * selects the entry's next mention in the text (again: the one after); the hover card and the
 * bible's page lead to the entry itself.
 */
export function BiblePanel({ bookId, language, entries, mentions, marked, onToggleMarks, onJump }: BiblePanelProps) {
  const t = useTranslations("editor.bible");
  const format = useFormatter();
  const present = useMemo(() => {
    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const found = new Map<string, { entry: EditorBibleEntry; mentions: EditorMention[] }>();
    for (const mention of mentions) {
      const entry = byId.get(mention.id);
      if (!entry) continue;
      let row = found.get(mention.id);
      if (!row) found.set(mention.id, (row = { entry, mentions: [] }));
      row.mentions.push(mention);
    }
    return [...found.values()];
  }, [entries, mentions]);
  // Which mention of each entry a click selects next.
  const next = useRef(new Map<string, number>());

  return (
    <section aria-labelledby="bible-panel-heading" className={styles.biblePanel}>
      <div className={styles.biblePanelHead}>
        <h2 id="bible-panel-heading">{t("heading")}</h2>
        <button type="button" className={styles.tool} aria-pressed={marked} title={t("markNamesTitle")} onClick={onToggleMarks}>
          {t("markNames")}
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="muted">{t.rich("noEntries", { link: (chunks) => <Link href={`/books/${bookId}/bible`}>{chunks}</Link> })}</p>
      ) : present.length === 0 ? (
        <p className="muted">{t("noneNamed")}</p>
      ) : (
        <ul className={styles.bibleList} lang={language}>
          {present.map(({ entry, mentions: its }) => (
            <li key={entry.id}>
              <button
                type="button"
                className={styles.bibleJump}
                title={t("nextMention", { count: its.length })}
                onClick={() => {
                  const index = (next.current.get(entry.id) ?? 0) % its.length;
                  next.current.set(entry.id, index + 1);
                  onJump(its[index]!);
                }}
              >
                <span className={`${styles.bibleKind} bible-${entry.kind.replace(/[^\w-]/g, "_")}`} aria-hidden="true" />
                <span className={styles.chapterName}>{entry.name}</span>
                <span className={styles.chapterWords} aria-label={t("mentions", { count: its.length })}>
                  {format.number(its.length)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className={styles.bibleLinks}>
        <Link href={`/books/${bookId}/bible`}>{t("open")}</Link>
      </p>
    </section>
  );
}
