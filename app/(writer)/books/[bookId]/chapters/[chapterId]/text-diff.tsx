"use client";

import type { ChangeObject } from "diff";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import styles from "./editor.module.css";

type Part = { kind: "same" | "added" | "removed"; text: string };

/** Lines compared first (fast on a whole chapter), then words within each changed paragraph. */
async function compare(before: string, after: string): Promise<Part[] | null> {
  const { diffLines, diffWordsWithSpace } = await import("diff");
  const lines = diffLines(before, after, { timeout: 2000 });
  if (!lines) return null;
  const parts: Part[] = [];
  const kind = (c: ChangeObject<string>) => (c.added ? "added" : c.removed ? "removed" : "same");
  for (let i = 0; i < lines.length; i++) {
    const change = lines[i]!;
    const next = lines[i + 1];
    if (change.removed && next?.added && change.value.length + next.value.length < 20_000) {
      const words = diffWordsWithSpace(change.value, next.value, { timeout: 500 });
      // Word by word only where most of the paragraph stayed: a rewritten sentence reads better
      // as the old one struck out above the new one than as a mosaic of both.
      const kept = words?.reduce((sum, w) => sum + (w.added || w.removed ? 0 : w.value.length), 0) ?? 0;
      if (words && kept >= 0.8 * Math.max(change.value.length, next.value.length)) {
        parts.push(...words.map((w) => ({ kind: kind(w), text: w.value }) as Part));
        i++;
        continue;
      }
    }
    parts.push({ kind: kind(change), text: change.value });
  }
  return parts;
}

const CONTEXT_LINES = 2;

/** An unchanged stretch: a few lines either side of the changes, the rest folded away. */
function Unchanged({ text }: { text: string }) {
  const t = useTranslations("editor.diff");
  const [open, setOpen] = useState(false);
  const lines = text.split("\n");
  if (open || lines.length <= CONTEXT_LINES * 2 + 3) return <span className={styles.same}>{text}</span>;
  const head = lines.slice(0, CONTEXT_LINES).join("\n");
  const tail = lines.slice(-CONTEXT_LINES - 1).join("\n");
  return (
    <span className={styles.same}>
      {head}
      {"\n"}
      <button type="button" className={styles.fold} onClick={() => setOpen(true)}>
        {t("unchangedLines", { count: lines.length - CONTEXT_LINES * 2 - 1 })}
      </button>
      {"\n"}
      {tail}
    </span>
  );
}

/**
 * What changed from `before` to `after`, as text: React escapes every part, so a chapter's
 * Markdown or HTML is shown, never run. The diff library is loaded when a diff is first shown.
 */
export function TextDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const t = useTranslations("editor.diff");
  const [parts, setParts] = useState<Part[] | null | "loading">("loading");
  useEffect(() => {
    let current = true;
    compare(before, after).then((result) => current && setParts(result));
    return () => {
      current = false;
    };
  }, [before, after]);

  let body: ReactNode;
  if (parts === "loading") body = <p className="muted">{t("comparing")}</p>;
  else if (parts === null) body = <p className="muted">{t("tooDifferent")}</p>;
  else if (parts.every((p) => p.kind === "same")) body = <p className="muted">{t("none")}</p>;
  else {
    body = (
      <div className={styles.diffText}>
        {parts.map((part, i) =>
          part.kind === "added" ? (
            <ins key={i}>{part.text}</ins>
          ) : part.kind === "removed" ? (
            <del key={i}>{part.text}</del>
          ) : (
            <Unchanged key={i} text={part.text} />
          ),
        )}
      </div>
    );
  }
  return (
    <section aria-label={label} className={styles.diff} tabIndex={0}>
      {body}
    </section>
  );
}
