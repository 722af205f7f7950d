import { getT } from "@/app/_i18n/server";
import { requirePrincipal } from "@/app/_components/require-principal";
import { roleMayDo } from "@/server/auth/book-roles";
import { getBook } from "@/server/books/get-book";
import { listForeshadowings } from "@/server/foreshadowing/list-foreshadowings";
import { getContents } from "@/server/parts/get-contents";
import { BookSubpageHead } from "../_components/book-subpage-head";
import { bookPageMetadata, loadOrRefused, Refused } from "../_components/book-subpage";
import { ForeshadowingBoard } from "./foreshadowing-board";

type Params = Promise<{ bookId: string }>;
type Search = Promise<{ chapter?: string; start?: string; end?: string; quote?: string }>;

export async function generateMetadata(props: { params: Params }) {
  const t = await getT("foreshadowing");
  return bookPageMetadata(t("title"))(props);
}

/**
 * /books/{bookId}/foreshadowing: the book's 伏笔 in four columns — overdue, open, paid off,
 * dropped — each card its setup chapter → payoff or deadline (decision 0501).
 */
export default async function ForeshadowingPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { bookId } = await params;
  const selected = await searchParams;
  const principal = await requirePrincipal(`/books/${bookId}/foreshadowing`);
  const [t, errors] = await Promise.all([getT("foreshadowing"), getT("errors")]);
  const loaded = await loadOrRefused(async () => {
    const [book, items, contents] = await Promise.all([getBook({ bookId }, principal), listForeshadowings({ bookId }, principal), getContents({ bookId }, principal)]);
    return { book, items, contents };
  }, (code) => errors(`code.${code}`));
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, items, contents } = loaded;
  const chapters = contents.entries.flatMap((entry) => (entry.type === "part" ? entry.chapters : [entry.chapter])).map((chapter, index) => ({ id: chapter.id, title: chapter.title, number: index + 1, words: chapter.wordCount }));
  // Words selected in the editor ("Foreshadowing…"): the forms plant there or pay off there.
  const start = Number(selected.start);
  const end = Number(selected.end);
  const selection =
    selected.chapter && chapters.some((c) => c.id === selected.chapter) && Number.isSafeInteger(start) && Number.isSafeInteger(end) && end > start && selected.quote
      ? { chapterId: selected.chapter, start, end, quote: selected.quote }
      : undefined;
  const writtenThrough = chapters.reduce((last, chapter) => (chapter.words > 0 ? chapter.number : last), 0);
  return (
    <>
      <BookSubpageHead book={book} title={t("title")} lede={t("lede", { chapter: writtenThrough })} />
      <ForeshadowingBoard bookId={book.id} language={book.language} items={items} chapters={chapters} edits={roleMayDo(book.role, "editPlan")} selection={selection} />
    </>
  );
}
