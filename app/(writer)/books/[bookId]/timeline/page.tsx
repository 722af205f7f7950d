import type { Metadata } from "next";
import Link from "next/link";
import { requirePrincipal } from "@/app/_components/require-principal";
import { getDates, getProblems, getT } from "@/app/_i18n/server";
import { sceneName } from "@/app/_components/scene-name";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import { getTimeline } from "@/server/plan/get-timeline";
import { parseStoryDate } from "@/server/plan/schemas";
import type { TimelineItemDto } from "@/server/plan/timeline-schemas";
import { BookSubpageHead } from "../_components/book-subpage-head";
import { loadOrRefused, Refused } from "../_components/book-subpage";
import styles from "./timeline.module.css";

type Params = Promise<{ bookId: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { bookId } = await params;
  const [t, principal] = await Promise.all([getT("timeline"), requirePrincipal(`/books/${bookId}/timeline`)]);
  const book = await getBook({ bookId }, principal).catch(() => null);
  return { title: book ? `${t("title")} — ${book.title}` : t("title") };
}

async function load(bookId: string, principal: Principal) {
  const errors = await getProblems();
  return loadOrRefused(
    async () => {
      const [book, timeline] = await Promise.all([getBook({ bookId }, principal), getTimeline({ bookId }, principal)]);
      return { book, timeline };
    },
    (code) => errors.sentence(code),
  );
}

/**
 * /books/{bookId}/timeline (issue 35 item 3, decision 0505): the scenes, and the chapters without
 * scenes, in story order beside reading order. Each item stands in both columns, linked to itself
 * in the other, with its place there; a scene told out of its time is marked in both. Calendar
 * dates and invented days are separate lanes; items without a story date are listed apart.
 */
export default async function TimelinePage({ params }: { params: Params }) {
  const { bookId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/timeline`);
  const [loaded, t, common, dates] = await Promise.all([load(bookId, principal), getT("timeline"), getT("common"), getDates()]);
  if ("refused" in loaded) return <Refused sentence={loaded.refused} />;
  const { book, timeline } = loaded;

  const povNames = new Map(timeline.characters.map((character) => [character.id, character.name]));
  const byId = new Map(timeline.items.map((item) => [item.id, item]));
  // The writer's own title; an untitled scene is named in the page's language.
  const titleOf = (item: TimelineItemDto) => (item.kind === "scene" ? sceneName(common, { title: item.title, position: item.scenePosition }) : item.title);
  const when = (item: TimelineItemDto) => {
    if (item.storyDate === null) return null;
    // A calendar date and time as every page writes one; an invented day in the page's words.
    const date = parseStoryDate(item.storyDate);
    if (date?.date) return dates.calendarDate(date.date, item.storyTime);
    const day = date?.day === undefined || date.day === null ? item.storyDate : t("day", { day: date.day });
    return [day, item.storyTime && dates.time(item.storyTime)].filter(Boolean).join(" ");
  };
  const departure = (item: TimelineItemDto) =>
    item.departs && (
      <span className={styles.departs} data-departs={item.departs}>
        {t(item.departs)}
      </span>
    );

  const entry = (item: TimelineItemDto, column: "story" | "reading") => (
    <li key={item.id} id={`${column}-${item.id}`} className={styles.item} data-departs={item.departs ?? undefined} data-item={item.id}>
      <span className={styles.number}>{column === "story" ? item.storyOrder : item.readingOrder}</span>
      <div className={styles.body}>
        <p className={styles.title}>
          <span lang={book.language}>{titleOf(item)}</span>
          {departure(item)}
        </p>
        <p className={styles.meta}>
          {when(item) && <span className={styles.when}>{when(item)}</span>}
          <span lang={book.language}>{item.kind === "scene" ? t("inChapter", { chapter: item.chapterTitle }) : t("chapter")}</span>
          {item.povId && povNames.has(item.povId) && <span lang={book.language}>{t("pov", { name: povNames.get(item.povId)! })}</span>}
        </p>
        {item.synopsis && (
          <p className={styles.synopsis} lang={book.language}>
            {item.synopsis}
          </p>
        )}
        <p className={styles.other}>
          {column === "story" ? (
            <a href={`#reading-${item.id}`}>{t("readingPlace", { place: item.readingOrder })}</a>
          ) : item.storyOrder === null ? (
            <a href={`#unplaced-${item.id}`}>{t("notPlaced")}</a>
          ) : (
            <a href={`#story-${item.id}`}>{t("storyPlace", { place: item.storyOrder })}</a>
          )}
        </p>
      </div>
    </li>
  );

  const placed = timeline.storyOrder.map((id) => byId.get(id)!);
  const lanes = (["date", "day"] as const).map((lane) => ({ lane, items: placed.filter((item) => item.lane === lane) })).filter(({ items }) => items.length > 0);
  const unplaced = timeline.unplaced.map((id) => byId.get(id)!);

  return (
    <>
      <BookSubpageHead book={book} title={t("title")} lede={t("lede")} />
      {timeline.items.length === 0 ? (
        <p className="empty empty-title">{t("empty")}</p>
      ) : (
        <>
          <div className={styles.columns}>
            <section aria-labelledby="story-order" className={styles.column}>
              <h2 id="story-order">{t("storyColumn")}</h2>
              <p className="muted">{t("storyHint")}</p>
              {lanes.length === 0 && (
                <p className="muted">
                  {t("nothingPlaced")} <Link href={`/books/${book.id}/outline`}>{t("outline")}</Link>
                </p>
              )}
              {lanes.map(({ lane, items }) => (
                <section key={lane} aria-labelledby={`lane-${lane}`}>
                  <h3 id={`lane-${lane}`}>{t(lane === "date" ? "dates" : "days")}</h3>
                  <ol className={styles.list} aria-label={t(lane === "date" ? "dates" : "days")}>
                    {items.map((item) => entry(item, "story"))}
                  </ol>
                </section>
              ))}
            </section>
            <section aria-labelledby="reading-order" className={styles.column}>
              <h2 id="reading-order">{t("readingColumn")}</h2>
              <p className="muted">{t("readingHint")}</p>
              <ol className={styles.list} aria-label={t("readingColumn")}>
                {timeline.items.map((item) => entry(item, "reading"))}
              </ol>
            </section>
          </div>
          {unplaced.length > 0 && (
            <section aria-labelledby="unplaced" className={styles.unplaced}>
              <h2 id="unplaced">{t("unplaced")}</h2>
              <p className="muted">
                {t("unplacedHint")} <Link href={`/books/${book.id}/outline`}>{t("outline")}</Link>
              </p>
              <ul className={styles.list} aria-label={t("unplaced")}>
                {unplaced.map((item) => (
                  <li key={item.id} id={`unplaced-${item.id}`} className={styles.item} data-item={item.id}>
                    <span className={styles.number}>{item.readingOrder}</span>
                    <div className={styles.body}>
                      <p className={styles.title} lang={book.language}>
                        {titleOf(item)}
                      </p>
                      <p className={styles.meta}>
                        <span lang={book.language}>{item.kind === "scene" ? t("inChapter", { chapter: item.chapterTitle }) : t("chapter")}</span>
                        <a href={`#reading-${item.id}`}>{t("readingPlace", { place: item.readingOrder })}</a>
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </>
  );
}
