import Link from "next/link";
import { getDates, getProblems, getT } from "@/app/_i18n/server";
import { requirePrincipal } from "@/app/_components/require-principal";
import { getBook } from "@/server/books/get-book";
import { defaultCollectionOptions } from "@/server/collections";
import { listThreads, threadsCollection } from "@/server/comments/list-threads";
import { bookPageMetadata, loadOrRefused, Refused } from "../_components/book-subpage";
import styles from "./comments.module.css";

type Params = Promise<{ bookId: string }>;
type Search = Promise<{ show?: string; page?: string }>;

/** The lists a writer looks through, each a filter of the one list. */
const VIEWS = {
  open: { filters: { resolved: false } },
  mentions: { filters: { mentions: "me" as const } },
  detached: { filters: { detached: true } },
  resolved: { filters: { resolved: true } },
} as const;
type View = keyof typeof VIEWS;
const PER_PAGE = 50;

export async function generateMetadata(params: { params: Params }) {
  return bookPageMetadata((await getT("bookComments"))("title"))(params);
}

/** /books/{bookId}/comments: every comment thread of the book, open ones first, each leading to its words. */
export default async function CommentsPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { bookId } = await params;
  const { show, page: pageParam } = await searchParams;
  const view: View = show && show in VIEWS ? (show as View) : "open";
  const principal = await requirePrincipal(`/books/${bookId}/comments`);
  const [t, dates, { sentence }] = [await getT("bookComments"), await getDates(), await getProblems()];
  const page = Math.max(1, Math.min(Number.parseInt(pageParam ?? "1", 10) || 1, 10_000));
  const loaded = await loadOrRefused(async () => {
    const options = defaultCollectionOptions(threadsCollection, { perPage: PER_PAGE, page, filters: VIEWS[view].filters });
    const [book, threads] = await Promise.all([getBook({ bookId }, principal), listThreads({ bookId, options }, principal)]);
    return { book, threads };
  }, sentence);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, threads } = loaded;
  const pages = Math.max(1, Math.ceil(threads.total / PER_PAGE));
  return (
    <div className="narrow">
      <p className="eyebrow">
        <Link href={`/books/${book.id}`}>← {book.title}</Link>
      </p>
      <h1>{t("heading")}</h1>
      <nav aria-label={t("views.nav")} className={styles.views}>
        {(Object.keys(VIEWS) as View[]).map((key) => (
          <Link key={key} href={`/books/${book.id}/comments?show=${key}`} aria-current={key === view ? "page" : undefined}>
            {t(`views.${key}`)}
          </Link>
        ))}
      </nav>
      {threads.items.length === 0 ? (
        <p className="muted">{t("empty")}</p>
      ) : (
        <ol className={styles.list}>
          {threads.items.map((thread) => {
            const [first, ...replies] = thread.comments;
            return (
              <li key={thread.id} className={styles.item}>
                <p className={styles.where}>
                  <Link href={`/books/${book.id}/chapters/${thread.chapterId}?thread=${thread.id}`}>{thread.chapterTitle}</Link>
                  {thread.detached && <span className="muted">{t("wordsDeleted")}</span>}
                  {thread.resolved && <span className="muted">{thread.resolvedBy ? t("resolvedBy", { name: thread.resolvedBy.name }) : t("resolved")}</span>}
                </p>
                <blockquote lang={book.language}>{thread.quote}</blockquote>
                {first && (
                  <p className={styles.body}>
                    <strong>{first.author?.name ?? t("formerMember")}</strong> <time dateTime={first.createdAt}>{dates.dateTime(first.createdAt)}</time>
                    <br />
                    {first.body}
                  </p>
                )}
                {replies.length > 0 && (
                  <p className="muted">
                    {t("replies", { count: replies.length, name: replies.at(-1)!.author?.name ?? t("aFormerMember") })}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {pages > 1 && (
        <nav aria-label={t("pages")} className="button-row">
          {page > 1 && <Link href={`/books/${book.id}/comments?show=${view}&page=${page - 1}`}>{t("newer")}</Link>}
          <span className="muted">
            {t("page", { page, pages })}
          </span>
          {page < pages && <Link href={`/books/${book.id}/comments?show=${view}&page=${page + 1}`}>{t("older")}</Link>}
        </nav>
      )}
    </div>
  );
}
