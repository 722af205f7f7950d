import type { Principal } from "../auth/principal";
import type { LoadedBook } from "../books/access";
import { inlineMarkdown } from "../bible/appendix";
import { untitledSceneTitle } from "../books/language";
import type { Chapter } from "../convert/engine/model";
import { sql } from "../db";
import { outlineOf } from "./outline";
import type { OutlineDto, PlanDto, PlanItemDto } from "./schemas";

/** Which of the book's chapters (and, of a chapter printed in part, which of its scenes by place) the outline prints; absent: all. */
export interface OutlineSelection {
  chapterIds: readonly string[];
  scenesIn: ReadonlyMap<string, ReadonlySet<number>>;
}

const WORDS = {
  en: { status: "Status", pov: "POV", characters: "Characters", plotlines: "Plotlines", labels: "Labels", target: "Target", written: "written", storyDate: "Story date", partPlan: "plan", noPlan: "Not planned yet.", outline: "Outline", statuses: { idea: "idea", outline: "outline", draft: "draft", revised: "revised", done: "done" } },
  zh: { status: "状态", pov: "视角", characters: "出场人物", plotlines: "情节线", labels: "标签", target: "目标字数", written: "已写", storyDate: "故事时间", partPlan: "大纲", noPlan: "尚未规划。", outline: "大纲", statuses: { idea: "构思", outline: "大纲", draft: "初稿", revised: "修订", done: "完成" } },
} as const;
type Words = (typeof WORDS)[keyof typeof WORDS];

/**
 * The plan as a document of its own (issue 35 item 5, decision 0508): each chapter of the outline
 * is a chapter of the document, under its part as the book's chapters are (so every writer prints
 * the part-title pages as it does for the book), holding its own plan and then each scene's under
 * a heading: synopsis, status, POV, characters, plotlines, labels, target against words written,
 * story date. A part's own plan opens the part, under the part's title (a Markdown or plain-text
 * outline prints no part-title page). What the caller may read of the plan is what
 * outlineOf gives them; the words are the book's language's (English, or Chinese for a zh book).
 */
export async function outlineChapters(book: LoadedBook, principal: Principal, selection?: OutlineSelection): Promise<{ chapters: Chapter[]; title: string }> {
  const outline = await outlineOf(sql, book, principal);
  const words: Words = /^zh\b/i.test(book.language) ? WORDS.zh : WORDS.en;
  const names = namesOf(outline);
  const chosen = selection ? new Set(selection.chapterIds) : undefined;
  const chapters: Chapter[] = [];
  const parts = new Map(outline.items.filter((item) => item.kind === "part").map((item) => [item.id, item]));
  const partPlansPrinted = new Set<string>();
  let current: { chapter: Chapter; sceneIndex: number; kept?: ReadonlySet<number> } | undefined;
  for (const item of outline.items) {
    if (item.kind === "part") continue;
    const partItem = item.partId === null ? undefined : parts.get(item.partId);
    const part = partItem?.title;
    if (item.kind === "chapter") {
      current = undefined;
      if (chosen && !chosen.has(item.id)) continue;
      if (partItem && !partPlansPrinted.has(partItem.id)) {
        partPlansPrinted.add(partItem.id);
        if (planned(partItem.plan)) chapters.push({ title: `${partItem.title} · ${words.partPlan}`, markdown: planLines(partItem, words, names).join("\n"), part: partItem.title });
      }
      const chapter: Chapter = { title: item.title, markdown: planLines(item, words, names).join("\n"), ...(part !== undefined && { part }) };
      chapters.push(chapter);
      current = { chapter, sceneIndex: 0, kept: selection?.scenesIn.get(item.id) };
      continue;
    }
    // A scene: under the chapter printed before it, when its place is one kept.
    if (!current) continue;
    const place = current.sceneIndex++;
    if (current.kept && !current.kept.has(place)) continue;
    // An untitled scene is named in the book's language, as an untitled chapter is (第2场, Scene 2).
    const title = item.title.trim() || untitledSceneTitle(item.scenePosition ?? place + 1, book.language);
    current.chapter.markdown += ["", `## ${inlineMarkdown(title)}`, "", ...planLines(item, words, names)].join("\n");
  }
  return { chapters, title: `${book.title} · ${words.outline}` };
}

function planned(plan: PlanDto): boolean {
  return plan.updatedAt !== null;
}

interface Names {
  character: Map<string, string>;
  plotline: Map<string, string>;
  label: Map<string, string>;
}

function namesOf(outline: OutlineDto): Names {
  return {
    character: new Map(outline.characters.map((c) => [c.id, c.name])),
    plotline: new Map(outline.plotlines.map((p) => [p.id, p.name])),
    label: new Map(outline.labels.map((l) => [l.id, l.name])),
  };
}

/** An item's plan as Markdown lines: the facts as one line of bold names, then the synopsis's paragraphs. */
function planLines(item: PlanItemDto, words: Words, names: Names): string[] {
  const plan = item.plan;
  const listed = (ids: readonly string[], from: Map<string, string>) => ids.map((id) => from.get(id)).filter((name): name is string => name !== undefined).map(inlineMarkdown).join(", ");
  const facts: string[] = [];
  if (plan.status) facts.push(`**${words.status}:** ${words.statuses[plan.status]}`);
  const pov = plan.povId ? names.character.get(plan.povId) : undefined;
  if (pov) facts.push(`**${words.pov}:** ${inlineMarkdown(pov)}`);
  const present = listed(plan.characterIds, names.character);
  if (present) facts.push(`**${words.characters}:** ${present}`);
  const plotlines = listed(plan.plotlineIds, names.plotline);
  if (plotlines) facts.push(`**${words.plotlines}:** ${plotlines}`);
  const labels = listed(plan.labelIds, names.label);
  if (labels) facts.push(`**${words.labels}:** ${labels}`);
  if (plan.targetWords !== null) facts.push(`**${words.target}:** ${plan.targetWords} (${words.written} ${item.wordCount})`);
  if (plan.storyDate) facts.push(`**${words.storyDate}:** ${inlineMarkdown([plan.storyDate, plan.storyTime].filter(Boolean).join(" "))}`);
  const synopsis = paragraphsOf(plan.synopsis).map(inlineMarkdown);
  if (facts.length === 0 && synopsis.length === 0) return [words.noPlan, ""];
  return [...(facts.length > 0 ? [facts.join(" · "), ""] : []), ...synopsis.flatMap((paragraph) => [paragraph, ""])];
}

/** A plain text's paragraphs: runs of lines that hold more than white space, each joined and trimmed. */
function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  for (const line of text.split("\n")) {
    if (line.trim()) lines.push(line.trim());
    else if (lines.length > 0) {
      paragraphs.push(lines.join("\n"));
      lines = [];
    }
  }
  if (lines.length > 0) paragraphs.push(lines.join("\n"));
  return paragraphs;
}
