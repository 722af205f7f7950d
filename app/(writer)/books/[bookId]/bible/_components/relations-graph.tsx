"use client";

import Link from "next/link";
import { useMemo } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useTranslations } from "use-intl";
import { trpc } from "@/app/_trpc/client";
import type { RelationDto } from "@/server/bible/schemas";
import styles from "./bible.module.css";
import { kindClass } from "./kind-class";
import { useKindName } from "./kind-name";

const WIDTH = 1000;
const HEIGHT = 640;
const MARGIN = 70;

interface Node {
  id: string;
  name: string;
  kind: string;
  x: number;
  y: number;
}

/**
 * Where each related entry stands: a force layout (Fruchterman–Reingold), started from a circle so
 * that the same bible always draws the same picture. Entries repel each other; relations pull.
 * A few hundred entries cost a few milliseconds.
 */
export function layout(nodes: { id: string; name: string; kind: string }[], relations: readonly Pick<RelationDto, "fromId" | "toId">[]): Node[] {
  const n = nodes.length;
  const placed: Node[] = nodes.map((node, i) => ({
    ...node,
    x: WIDTH / 2 + (WIDTH / 2 - MARGIN) * Math.cos((2 * Math.PI * i) / Math.max(n, 1)),
    y: HEIGHT / 2 + (HEIGHT / 2 - MARGIN) * Math.sin((2 * Math.PI * i) / Math.max(n, 1)),
  }));
  if (n < 3) return placed;
  const index = new Map(placed.map((node, i) => [node.id, i]));
  const edges = relations.flatMap((r) => (index.has(r.fromId) && index.has(r.toId) && r.fromId !== r.toId ? [[index.get(r.fromId)!, index.get(r.toId)!] as const] : []));
  const k = Math.sqrt(((WIDTH - 2 * MARGIN) * (HEIGHT - 2 * MARGIN)) / n) * 0.8;
  const dx = new Float64Array(n);
  const dy = new Float64Array(n);
  for (let step = 0, heat = WIDTH / 10; step < 300; step++, heat *= 0.985) {
    dx.fill(0);
    dy.fill(0);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const x = placed[i]!.x - placed[j]!.x || 0.01;
        const y = placed[i]!.y - placed[j]!.y || 0.01;
        const distance2 = x * x + y * y;
        const push = (k * k) / distance2;
        dx[i]! += x * push;
        dy[i]! += y * push;
        dx[j]! -= x * push;
        dy[j]! -= y * push;
      }
    }
    for (const [a, b] of edges) {
      const x = placed[a]!.x - placed[b]!.x;
      const y = placed[a]!.y - placed[b]!.y;
      const distance = Math.sqrt(x * x + y * y) || 0.01;
      const pull = distance / k;
      dx[a]! -= x * pull;
      dy[a]! -= y * pull;
      dx[b]! += x * pull;
      dy[b]! += y * pull;
    }
    for (let i = 0; i < n; i++) {
      const length = Math.sqrt(dx[i]! * dx[i]! + dy[i]! * dy[i]!) || 1;
      const move = Math.min(length, heat);
      const node = placed[i]!;
      node.x = Math.min(WIDTH - MARGIN, Math.max(MARGIN, node.x + (dx[i]! / length) * move));
      node.y = Math.min(HEIGHT - MARGIN / 2, Math.max(MARGIN / 2, node.y + (dy[i]! / length) * move));
    }
  }
  return placed;
}

/** The bible's relations as a graph (entries with at least one relation), and the same as a list. */
export function RelationsGraph({ book }: { book: { id: string; language: string } }) {
  const t = useTranslations("bible.graph");
  const kindName = useKindName();
  const { describeProblem } = useProblems();
  const names = trpc.bible.names.useQuery({ bookId: book.id });
  const relations = trpc.bible.relations.useQuery({ bookId: book.id });
  const problem = describeProblem(names.error ?? relations.error);
  const nodes = useMemo(() => {
    const related = new Set((relations.data ?? []).flatMap((r) => [r.fromId, r.toId]));
    return layout(
      (names.data ?? []).filter((entry) => related.has(entry.id)),
      relations.data ?? [],
    );
  }, [names.data, relations.data]);
  const at = new Map(nodes.map((node) => [node.id, node]));

  if (problem) return <FormAlert message={problem.message} />;
  if (!names.data || !relations.data) return <p className="muted">{t("loading")}</p>;
  if (relations.data.length === 0) {
    return (
      <div className="empty">
        <p className="empty-title">{t("emptyTitle")}</p>
        <p className="muted">{t("emptyHint")}</p>
      </div>
    );
  }
  return (
    <>
      {/* A group, not an image: its entries are links (an image's content is not read, nor may it hold links). */}
      <svg className={styles.graph} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-labelledby="graph-title" lang={book.language}>
        <title id="graph-title">{t("svgTitle", { entries: nodes.length, relations: relations.data.length })}</title>
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="19" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--line-strong)" />
          </marker>
        </defs>
        {relations.data.map((relation) => {
          const from = at.get(relation.fromId);
          const to = at.get(relation.toId);
          if (!from || !to) return null;
          return (
            <g key={relation.id}>
              <line x1={from.x} y1={from.y} x2={to.x} y2={to.y} markerEnd="url(#arrow)" />
              <text className={styles.edgeLabel} x={(from.x + to.x) / 2} y={(from.y + to.y) / 2 - 4} textAnchor="middle">
                {relation.label}
              </text>
            </g>
          );
        })}
        {nodes.map((node) => (
          <Link key={node.id} href={`/books/${book.id}/bible/${node.id}`} className={`${styles.node} ${kindClass(node.kind)}`} aria-label={t("node", { name: node.name, kind: kindName(node.kind) })}>
            <circle cx={node.x} cy={node.y} r={9} />
            <text x={node.x} y={node.y - 14} textAnchor="middle">
              {node.name}
            </text>
          </Link>
        ))}
      </svg>
      <section className={styles.section} aria-labelledby="relations-list-heading">
        <h2 id="relations-list-heading">{t("asList")}</h2>
        <ul className={styles.relations} lang={book.language}>
          {relations.data.map((relation) => (
            <li key={relation.id}>
              <Link href={`/books/${book.id}/bible/${relation.from.id}`}>{relation.from.name}</Link>
              <span className="muted">{relation.label}</span>
              <Link href={`/books/${book.id}/bible/${relation.to.id}`}>{relation.to.name}</Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
