import { getT } from "@/app/_i18n/server";
import { requirePrincipal } from "@/app/_components/require-principal";
import { roleMayDo } from "@/server/auth/book-roles";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { getOutline } from "@/server/plan/get-outline";
import { outlineQuery } from "@/server/plan/schemas";
import { BookSubpageHead } from "../_components/book-subpage-head";
import { bookPageMetadata, loadOrRefused, Refused } from "../_components/book-subpage";
import { OutlineView } from "./outline-view";

type Params = Promise<{ bookId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

type BookParams = { params: Params };

export async function generateMetadata(props: BookParams) {
  const t = await getT("outline");
  return bookPageMetadata(t("title"))(props);
}

/** The book and its whole outline (the page filters it in the browser), or the sentence the page says instead. */
async function load(bookId: string, principal: Principal) {
  const errors = await getT("errors");
  return loadOrRefused(async () => ({ book: await getBook({ bookId }, principal), outline: await getOutline({ bookId }, principal) }), (code) => errors(`code.${code}`));
}

/**
 * /books/{bookId}/outline (issue 35 item 3, decision 0500): the plan of the book's parts, chapters
 * and scenes as one table, edited in place by those who plan, filtered by POV, plotline, label and
 * status with the filters in the URL.
 */
export default async function OutlinePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/outline`);
  const loaded = await load(bookId, principal);
  const t = await getT("outline");
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, outline } = loaded;
  // A link's filters, as far as they read: an unknown or malformed one is left out, not an error page.
  const given = Object.fromEntries(Object.entries(await searchParams).filter(([, value]) => typeof value === "string"));
  const parsed = outlineQuery.partial().safeParse(Object.fromEntries(Object.entries(given).filter(([key]) => ["pov", "plotline", "label", "status"].includes(key))));
  return (
    <>
      <BookSubpageHead book={book} title={t("title")} lede={t("lede")} />
      <OutlineView bookId={book.id} language={book.language} initial={outline} plans={roleMayDo(book.role, "editPlan")} initialFilters={parsed.success ? parsed.data : {}} />
    </>
  );
}
