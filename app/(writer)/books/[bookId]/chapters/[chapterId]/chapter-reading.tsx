import Link from "next/link";
import type { BookDto } from "@/server/books/schemas";
import type { ChapterDto } from "@/server/chapters/schemas";
import { roleMayDo } from "@/server/auth/book-roles";
import { withoutHeadingMarks } from "@/server/text/markdown-heading";
import { getT } from "@/app/_i18n/server";
import type { ChapterListEntry } from "./chapter-editor";
import styles from "./editor.module.css";
import { ReadingComments } from "./reading-comments";

/**
 * A chapter for someone who reads the book but does not write it (an editor, a viewer, a beta
 * reader): its text, one paragraph a line, with the chapters before and after. No editor is mounted, so
 * nothing is drafted locally or saved; the server refuses their writes anyway.
 */
export async function ChapterReading({ book, chapter, chapters, me }: { book: BookDto; chapter: ChapterDto; chapters: ChapterListEntry[]; me: string }) {
  const place = chapters.findIndex((c) => c.id === chapter.id);
  const [before, after] = [chapters[place - 1], chapters[place + 1]];
  const text = withoutHeadingMarks(chapter.content);
  const commenting = roleMayDo(book.role, "comment");
  const t = await getT("editor");
  return (
    <article className={commenting ? undefined : "narrow"} lang={book.language} aria-labelledby="chapter-title">
      <p className="eyebrow">
        <Link href={`/books/${book.id}`}>← {book.title}</Link> <span className={`role role-${book.role}`}>{t("reading.role", { role: t(`roles.${book.role}`) })}</span>
      </p>
      <h1 id="chapter-title">{chapter.title}</h1>
      {/* One text node, its lines kept by CSS: a chapter may be megabytes, and an element per
          paragraph would have the server render hundreds of thousands of them on the thread that
          answers everyone. Markdown's heading marks go. */}
      {commenting ? (
        <ReadingComments bookId={book.id} chapterId={chapter.id} language={book.language} text={text} me={me} suggesting={roleMayDo(book.role, "suggest")} />
      ) : (
        <div className={styles.reading}>{text}</div>
      )}
      <nav className="button-row" aria-label={t("reading.chapters")}>
        {before && (
          <Link href={`/books/${book.id}/chapters/${before.id}`} className="button secondary small">
            ← {before.title}
          </Link>
        )}
        {after && (
          <Link href={`/books/${book.id}/chapters/${after.id}`} className="button secondary small">
            {after.title} →
          </Link>
        )}
      </nav>
    </article>
  );
}
