import { shownGenre } from "../_components/genre";
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { newChapterTitle } from "@/server/books/language";
import type { BookDto } from "@/server/books/schemas";
import { chaptersCollection, listChapters } from "@/server/chapters/list-chapters";
import { getContents } from "@/server/parts/get-contents";
import { entriesOf } from "@/server/parts/contents-tree";
import type { PartDto } from "@/server/parts/schemas";
import type { ChapterSummaryDto } from "@/server/chapters/schemas";
import { defaultCollectionOptions, MAX_PER_PAGE } from "@/server/collections";
import { AppError } from "@/server/errors";
import { getBookGoal } from "@/server/goals/get-book-goal";
import { roleMayDo } from "@/server/auth/book-roles";
import { listMembers } from "@/server/members/list-members";
import { bookActivity } from "@/server/members/book-activity";
import type { BookActivityDto } from "@/server/members/schemas";
import { getProblems, getT } from "../../../_i18n/server";
import { pagePrincipal, requirePrincipal } from "../../../_components/require-principal";
import { EditBookButton } from "../_components/book-buttons";
import { BookDeskProvider } from "../_components/book-desk";
import { BookSearch } from "../_components/search/book-search";
import { WordProgress } from "../_components/word-progress";
import { BookCover } from "./_components/book-cover";
import { BookGoal } from "./_components/book-goal";
import { ChapterList } from "./_components/chapter-list";
import { ChapterTrash } from "./_components/chapter-trash";
import { ExportButton } from "./_components/export-button";
import { sceneNames } from "@/server/scenes/scene-names";
import { MembersPanel } from "./_components/members-panel";
import { ReleasePlanner } from "./_components/release-planner";
import { listFormats } from "@/server/convert/list-formats";
import { foreshadowingSummary } from "@/server/foreshadowing/list-foreshadowings";
import styles from "./book.module.css";

type Params = Promise<{ bookId: string }>;

/**
 * The book, or what the page says instead: unknown and purged books are not found; another
 * writer's is refused; one in the trash is restored from the Trash view, like the API says.
 */
const loadBook = cache(async (bookId: string, principal: Principal): Promise<BookDto | { refused: string; inTrash?: true }> => {
  try {
    return await getBook({ bookId }, principal);
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "gone")) notFound();
    const { sentence } = await getProblems();
    if (error instanceof AppError && error.code === "forbidden") return { refused: sentence("forbidden") };
    if (error instanceof AppError && error.code === "book_in_trash") return { refused: sentence("book_in_trash"), inTrash: true };
    throw error;
  }
});

/** Every chapter in order (or every one in the book's trash), however many pages of the API that takes. */
async function allChapters(bookId: string, principal: Principal, deleted = false): Promise<ChapterSummaryDto[]> {
  const chapters: ChapterSummaryDto[] = [];
  for (let page = 1; ; page++) {
    const options = defaultCollectionOptions(chaptersCollection, { page, perPage: MAX_PER_PAGE, filters: { deleted } });
    const { items, total } = await listChapters({ bookId, includeContent: false, options }, principal);
    chapters.push(...items);
    if (items.length === 0 || chapters.length >= total) return chapters;
  }
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const principal = await pagePrincipal();
  if (!principal) return {};
  const book = await loadBook((await params).bookId, principal);
  return { title: "title" in book ? book.title : (await getT("books.book"))("notYours") };
}

/** The chapters as links to read them, under their parts, for a role that reads but does not write. */
async function ReadingList({ bookId, chapters, parts, language, released }: { bookId: string; chapters: ChapterSummaryDto[]; parts: PartDto[]; language: string; released: boolean }) {
  const t = await getT("books.book");
  if (chapters.length === 0) {
    return <p className="muted">{released ? t("noReleased") : t("noChapters")}</p>;
  }
  const byId = new Map(chapters.map((chapter) => [chapter.id, chapter]));
  const link = (id: string) => (
    <li key={id}>
      <Link href={`/books/${bookId}/chapters/${id}`} lang={language}>
        {byId.get(id)!.title}
      </Link>
    </li>
  );
  return (
    <ol className={styles.readingList} aria-label={t("chapters")}>
      {entriesOf({ chapters, parts }).map((entry) =>
        "chapterId" in entry ? (
          link(entry.chapterId)
        ) : entry.chapterIds.length > 0 ? (
          <li key={entry.partId}>
            <h3 className={styles.partTitle} lang={language}>
              {parts.find((part) => part.id === entry.partId)!.title}
            </h3>
            <ol>{entry.chapterIds.map(link)}</ol>
          </li>
        ) : null,
      )}
    </ol>
  );
}

/** Chapter id → the name of whoever other than the viewer wrote its current version. */
function othersHands(activity: BookActivityDto, viewerId: string): Record<string, string> {
  const hands: Record<string, string> = {};
  for (const chapter of activity.chapters) if (chapter.authorId && chapter.authorId !== viewerId) hands[chapter.chapterId] = chapter.authorName!;
  return hands;
}

/** One book: its details and progress, and its chapters, to open, add, rename, reorder and delete. */
export default async function BookPage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}`);
  const book = await loadBook(bookId, principal);
  const t = await getT("books");
  if (!("title" in book)) {
    return (
      <div className="empty">
        <p className="empty-title">{book.refused}</p>
        {book.inTrash ? <Link href="/books?deleted=true">{t("book.openTrash")}</Link> : <Link href="/books">{t("book.backToBooks")}</Link>}
      </div>
    );
  }
  // The goal comes with the page rather than from a request of its own after it: arriving late, it
  // made the side column taller and pushed the chapter list down, even in the middle of a drag. If
  // it cannot be read here, the goal asks for itself and says why not, as before.
  // What the page offers follows the caller's role (server/books/policy.ts): a co-author gets the
  // writer's desk, an editor or viewer a reading view of all of it, a beta reader the released chapters.
  const writes = roleMayDo(book.role, "write");
  const readsDraft = roleMayDo(book.role, "readDraft");
  // The plan's views beside the outline (decision 0505), named in the page's language.
  const [corkboardWords, timelineWords, plotGridWords] = await Promise.all([getT("corkboard"), getT("timeline"), getT("plotGrid")]);
  const [chapters, trashed, goal, members, activity, contents, foreshadowing] = await Promise.all([
    allChapters(book.id, principal),
    writes ? allChapters(book.id, principal, true) : [],
    writes ? getBookGoal({ bookId: book.id }, principal).catch(() => undefined) : undefined,
    readsDraft ? listMembers({ bookId: book.id }, principal) : [],
    readsDraft ? bookActivity({ bookId: book.id }, principal) : undefined,
    // The parts (卷) and the order version a move names.
    getContents({ bookId: book.id }, principal),
    // The foreshadowing board's counts: overdue ones are counted here (decision 0501).
    readsDraft ? foreshadowingSummary({ bookId: book.id }, principal) : undefined,
  ]);
  const parts = contents.entries.flatMap((entry) => (entry.type === "part" ? [entry.part] : []));

  // Who last wrote each chapter, where that is someone else: only a shared book has any.
  const lastHands = activity ? othersHands(activity, principal.userId) : {};

  // What the export dialog, the search and the release plan name the chapters by.
  const chapterNames = chapters.map(({ id, title }) => ({ id, title }));
  // The export dialog's parts and scenes to choose from (decision 0508): names and places only.
  const exportScenes = readsDraft ? await sceneNames({ bookId: book.id }, principal) : [];

  return (
    <BookDeskProvider>
      <p className="eyebrow">
        <Link href="/books">{t("book.yourBooks")}</Link>
      </p>
      <div className={styles.layout}>
        <header className={styles.head}>
          <h1 className={styles.title} lang={book.language}>
            {book.title}
          </h1>
          <p className={styles.meta}>
            {book.author && <span>{t("book.by", { author: book.author })}</span>}
            <span>{shownGenre(book.type, t("genre.novel"))}</span>
            <span className={`status status-${book.status}`}>{t(`status.${book.status}`)}</span>
            <span>{t("book.chapterCount", { count: chapters.length })}</span>
            {book.role !== "owner" && <span className={`role role-${book.role}`}>{t("book.shared", { role: t(`roles.${book.role}`) })}</span>}
          </p>
          {book.description && (
            <p className={styles.description} lang={book.language}>
              {book.description}
            </p>
          )}
        </header>
        <aside className={styles.side} aria-label={t("book.side")}>
          <WordProgress book={book} className={styles.progress} />
          {writes && <BookGoal bookId={book.id} language={book.language} initial={goal} />}
          {writes && <BookCover book={book} />}
          {readsDraft && (
            <div className={styles.tools}>
              {writes && <EditBookButton book={book} className="button secondary small" label={t("buttons.editDetails")} />}
              <Link href={`/books/${book.id}/bible`} className="button secondary small">
                {t("book.bible")}
              </Link>
              <Link href={`/books/${book.id}/outline`} className="button secondary small">
                {t("book.outline")}
              </Link>
              <Link href={`/books/${book.id}/corkboard`} className="button secondary small">
                {corkboardWords("link")}
              </Link>
              <Link href={`/books/${book.id}/timeline`} className="button secondary small">
                {timelineWords("link")}
              </Link>
              <Link href={`/books/${book.id}/plot-grid`} className="button secondary small">
                {plotGridWords("link")}
              </Link>
              <Link href={`/books/${book.id}/snapshots`} className="button secondary small">
                {t("book.snapshots")}
              </Link>
              {foreshadowing && (
                <Link href={`/books/${book.id}/foreshadowing`} className={foreshadowing.overdue > 0 ? "button danger small" : "button secondary small"}>
                  {foreshadowing.overdue > 0 ? t("book.foreshadowingOverdue", { count: foreshadowing.overdue }) : t("book.foreshadowing")}
                </Link>
              )}
              {roleMayDo(book.role, "manageSnapshots") && (
                <Link href={`/books/${book.id}/readers`} className="button secondary small">
                  {t("book.readers")}
                </Link>
              )}
              <Link href={`/analyze/${book.id}`} className="button secondary small">
                {t("book.analyze")}
              </Link>
              {roleMayDo(book.role, "comment") && (
                <Link href={`/books/${book.id}/comments`} className="button secondary small">
                  {t("book.comments")}
                </Link>
              )}
              <ExportButton
                bookId={book.id}
                hasCover={book.cover !== null}
                formats={listFormats(principal).filter((f) => f.write).map(({ id, name }) => ({ id, name }))}
                chapters={chapters.map(({ id, title, partId }) => ({ id, title, partId }))}
                parts={parts.map(({ id, title }) => ({ id, title }))}
                scenes={exportScenes}
                frontMatter={{ copyright: book.copyright ?? "", dedication: book.dedication ?? "" }}
                theme={book.theme}
                savesFrontMatter={writes}
              />
            </div>
          )}
          {readsDraft && <MembersPanel bookId={book.id} initial={members} activity={activity} language={book.language} manages={roleMayDo(book.role, "manageMembers")} />}
        </aside>
        {/* Beside the side column, not under it: the chapter list is the first thing on a wide screen. */}
        <div className={styles.main}>
          <section aria-labelledby="chapters-heading" className={styles.chapterSection}>
            <h2 id="chapters-heading">{t("book.chapters")}</h2>
            {writes ? (
              <>
                <ChapterList
                  bookId={book.id}
                  chapters={chapters}
                  parts={parts}
                  orderVersion={contents.orderVersion}
                  lastHands={lastHands}
                  language={book.language}
                  nextTitle={newChapterTitle(book.chapterCount + 1, book.language)}
                />
                <ChapterTrash chapters={trashed} language={book.language} />
              </>
            ) : (
              <>
                {/* A beta reader reads the snapshot the owner shares (decision 0497), paged like a book. */}
                {!readsDraft && (
                  <p>
                    <Link href={`/books/${book.id}/reading`} className="button">
                      {t("book.readShared")}
                    </Link>
                  </p>
                )}
                {/* While a snapshot is shared a beta reader's list of live chapters is empty: the button above is their way in. */}
                {(readsDraft || chapters.length > 0) && <ReadingList bookId={book.id} chapters={chapters} parts={parts} language={book.language} released={!readsDraft} />}
              </>
            )}
          </section>

          {writes && (
            <section aria-labelledby="search-heading" className={styles.searchSection}>
              <h2 id="search-heading">{t("book.searchHeading")}</h2>
              <BookSearch bookId={book.id} language={book.language} chapters={chapterNames} />
            </section>
          )}

          {writes && (
            <section aria-labelledby="plan-heading" className={styles.planSection}>
              <h2 id="plan-heading">{t("book.planHeading")}</h2>
              <p className="muted">{t("book.planHint")}</p>
              <ReleasePlanner bookId={book.id} language={book.language} chapters={chapterNames.map(({ id, title }) => `${id} ${title}`).join("\n")} />
            </section>
          )}
        </div>
      </div>
    </BookDeskProvider>
  );
}
