// The body of bench/plan.mjs, bundled by bench/in-process.mjs and run on a fresh SQLite database.
// The outline of a 120-chapter, 600-scene book (issue 35, decision 0500): the server's read of the
// whole plan, beside the contents read it builds on (the baseline), and the outline table rendered
// to HTML by React as the page's server render does, beside an empty table of the same rows.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpBatchLink } from "@trpc/client";
import { OutlineView } from "@/app/(writer)/books/[bookId]/outline/outline-view";
import { trpc } from "@/app/_trpc/client";
import type { Principal } from "@/server/auth/principal";
import { scopesForRole } from "@/server/auth/scopes";
import { sql } from "@/server/db";
import { getContents } from "@/server/parts/get-contents";
import { getOutline } from "@/server/plan/get-outline";
import { PLAN_STATUSES } from "@/server/plan/schemas";
import { newId } from "@/server/sql/values";

const CHAPTERS = 120;
const PARTS = 6;
const SCENES_PER_CHAPTER = 5;
/** A 3,000-word chapter of five 600-word scenes, between scene-break lines: the outline counts each scene's words from it (decision 0499). */
const CHAPTER_TEXT = Array.from({ length: SCENES_PER_CHAPTER }, () => "The rain kept on over the harbour wall. ".repeat(75).trim()).join("\n\n* * *\n\n");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(work: () => unknown, rounds: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function insertAll(table: "Chapter" | "Scene" | "Plan" | "PlanLabel" | "PlanPlotline" | "PlanCharacter", rows: object[]) {
  for (let i = 0; i < rows.length; i += 100) await sql.insertInto(table).values(rows.slice(i, i + 100) as never).execute();
}

export async function run(rounds: number): Promise<Record<string, number>> {
  const now = new Date();
  const userId = newId();
  await sql.insertInto("User").values({ id: userId, email: "plan@bench.test", name: "plan", passwordHash: "x", role: "writer", createdAt: now, updatedAt: now }).execute();
  const principal: Principal = { userId, scopes: new Set(scopesForRole("writer")), tokenId: null };
  const bookId = newId();
  await sql.insertInto("Book").values({ id: bookId, ownerId: userId, title: "The Long Outline", chapterCount: CHAPTERS, createdAt: now, updatedAt: now }).execute();
  const parts = Array.from({ length: PARTS }, (_, i) => ({ id: newId(), bookId, title: `Part ${i + 1}`, position: i + 1, createdAt: now, updatedAt: now }));
  await sql.insertInto("Part").values(parts).execute();
  const chapters = Array.from({ length: CHAPTERS }, (_, i) => ({
    id: newId(), bookId, title: `Chapter ${i + 1}`, position: i + 1, partId: parts[Math.floor(i / (CHAPTERS / PARTS))]!.id, content: CHAPTER_TEXT, wordCount: 3000, version: 1, createdAt: now, updatedAt: now,
  }));
  await insertAll("Chapter", chapters);
  const scenes = chapters.flatMap((chapter) => Array.from({ length: SCENES_PER_CHAPTER }, (_, k) => ({ id: newId(), bookId, chapterId: chapter.id, position: k + 1, title: k % 2 ? "" : `Scene ${k + 1} of ${chapter.title}`, createdAt: now, updatedAt: now })));
  await insertAll("Scene", scenes);
  const characters = Array.from({ length: 20 }, (_, i) => ({ id: newId(), bookId, kind: "character", name: `Character ${i + 1}`, createdAt: now, updatedAt: now }));
  await sql.insertInto("BibleEntry").values(characters).execute();
  const plotlines = Array.from({ length: 5 }, (_, i) => ({ id: newId(), bookId, name: `Plotline ${i + 1}`, colour: "#336699", position: i + 1, createdAt: now, updatedAt: now }));
  await sql.insertInto("Plotline").values(plotlines).execute();
  const labels = Array.from({ length: 8 }, (_, i) => ({ id: newId(), bookId, name: `Label ${i + 1}`, colour: "#993366", createdAt: now, updatedAt: now }));
  await sql.insertInto("Label").values(labels).execute();
  // Every part, chapter and scene planned: a synopsis, a status, a POV, two characters, a label, a plotline.
  const items = [...parts.map((p) => ({ partId: p.id })), ...chapters.map((c) => ({ chapterId: c.id })), ...scenes.map((s) => ({ sceneId: s.id }))];
  const plans = items.map((item, i) => ({
    id: newId(), bookId, partId: null, chapterId: null, sceneId: null, ...item,
    synopsis: `What happens in item ${i}: a paragraph of plan, some forty words long, which the writer keeps beside the text so that the outline reads as the story in brief.`,
    status: PLAN_STATUSES[i % PLAN_STATUSES.length]!, povId: characters[i % characters.length]!.id, targetWords: 600 + i, storyDate: null, storyDay: i, storyTime: null, createdAt: now, updatedAt: now,
  }));
  await insertAll("Plan", plans);
  await insertAll("PlanCharacter", plans.flatMap((plan, i) => [{ planId: plan.id, entryId: characters[i % 20]!.id }, { planId: plan.id, entryId: characters[(i + 3) % 20]!.id }]));
  await insertAll("PlanLabel", plans.map((plan, i) => ({ planId: plan.id, labelId: labels[i % 8]!.id })));
  await insertAll("PlanPlotline", plans.map((plan, i) => ({ planId: plan.id, plotlineId: plotlines[i % 5]!.id })));

  const outline = await getOutline({ bookId }, principal);
  const queryClient = new QueryClient();
  const client = trpc.createClient({ links: [httpBatchLink({ url: "http://127.0.0.1:9/api/trpc" })] });
  const page = (shown: typeof outline) =>
    renderToString(
      createElement(trpc.Provider, { client, queryClient } as Parameters<typeof trpc.Provider>[0], createElement(QueryClientProvider, { client: queryClient }, createElement(OutlineView, { bookId, language: "en", initial: shown, plans: true, initialFilters: {} }))),
    );
  // Warm the code paths once, then measure.
  await getContents({ bookId }, principal);
  page(outline);
  const unplanned = { ...outline, items: outline.items.map((item) => ({ ...item, plan: { ...item.plan, synopsis: "", labelIds: [], plotlineIds: [], characterIds: [], povId: null, status: null } })) };
  return {
    items: outline.items.length,
    contentsMs: await timed(() => getContents({ bookId }, principal), rounds),
    outlineMs: await timed(() => getOutline({ bookId }, principal), rounds),
    emptyRenderMs: await timed(() => page(unplanned), rounds),
    renderMs: await timed(() => page(outline), rounds),
    htmlKb: page(outline).length / 1024,
  };
}
