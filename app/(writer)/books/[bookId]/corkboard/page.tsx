import type { Metadata } from "next";
import { requirePrincipal } from "@/app/_components/require-principal";
import { getProblems, getT } from "@/app/_i18n/server";
import { sceneName } from "@/app/_components/scene-name";
import { roleMayDo } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { groupBy } from "@/server/group-by";
import { getContents } from "@/server/parts/get-contents";
import { getOutline } from "@/server/plan/get-outline";
import { BookSubpageHead } from "../_components/book-subpage-head";
import { loadOrRefused, Refused } from "../_components/book-subpage";
import { CorkboardView, type BoardChapterView, type BoardPartView, type CardView } from "./corkboard-view";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [t, principal] = await Promise.all([getT("corkboard"), requirePrincipal(`/books/${(await params).bookId}/corkboard`)]);
  const book = await getBook({ bookId: (await params).bookId }, principal).catch(() => null);
  return { title: book ? `${t("title")} — ${book.title}` : t("title") };
}

/** The book, its contents (the order, the versions a move names) and its plan. */
async function load(bookId: string, principal: Principal) {
  const errors = await getProblems();
  return loadOrRefused(
    async () => {
      const [book, contents, outline] = await Promise.all([getBook({ bookId }, principal), getContents({ bookId }, principal), getOutline({ bookId }, principal)]);
      return { book, contents, outline };
    },
    (code) => errors.sentence(code),
  );
}

/**
 * /books/{bookId}/corkboard (issue 35 item 3, decision 0505): every scene as a card with its plan,
 * grouped by part and chapter in reading order, a chapter without scenes one card of its own. Those
 * who write the book drag cards (or use the buttons) to move scenes within and across chapters and
 * chapters across parts; everyone else who reads the plan sees the board without handles.
 */
export default async function CorkboardPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/corkboard`);
  const [loaded, t, common] = await Promise.all([load(bookId, principal), getT("corkboard"), getT("common")]);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, contents, outline } = loaded;

  const names = new Map([...outline.characters, ...outline.labels].map((named) => [named.id, named.name]));
  const labels = new Map(outline.labels.map((label) => [label.id, label]));
  const cardOf = (item: (typeof outline.items)[number]): CardView => ({
    id: item.id,
    kind: item.kind === "scene" ? "scene" : "chapter",
    // The writer's own title; an untitled scene is named in the page's language.
    title: item.kind === "scene" ? sceneName(common, { title: item.title, position: item.scenePosition }) : item.title,
    synopsis: item.plan.synopsis,
    status: item.plan.status,
    pov: item.plan.povId ? (names.get(item.plan.povId) ?? null) : null,
    labels: item.plan.labelIds.flatMap((id) => (labels.has(id) ? [{ name: labels.get(id)!.name, colour: labels.get(id)!.colour }] : [])),
    wordCount: item.wordCount,
  });
  const chapterItems = new Map(outline.items.filter((item) => item.kind === "chapter").map((item) => [item.id, item]));
  const scenesOfChapter = groupBy(
    outline.items.filter((item) => item.kind === "scene"),
    (item) => item.chapterId!,
    cardOf,
  );
  const chapterOf = (chapter: { id: string; title: string; version: number }): BoardChapterView => ({
    id: chapter.id,
    title: chapter.title,
    version: chapter.version,
    card: cardOf(chapterItems.get(chapter.id)!),
    scenes: scenesOfChapter.get(chapter.id) ?? [],
  });
  const groups: (BoardPartView | BoardChapterView)[] = contents.entries.map((entry) =>
    entry.type === "chapter" ? chapterOf(entry.chapter) : { partId: entry.part.id, title: entry.part.title, chapters: entry.chapters.map(chapterOf) },
  );

  return (
    <>
      <BookSubpageHead book={book} title={t("title")} lede={t("lede")} />
      <CorkboardView bookId={book.id} language={book.language} orderVersion={contents.orderVersion} groups={groups} arranges={roleMayDo(book.role, "write")} />
    </>
  );
}
