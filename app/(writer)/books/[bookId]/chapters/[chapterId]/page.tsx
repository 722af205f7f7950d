import type { Metadata } from "next";
import Link from "next/link";
import { AppError } from "@/server/errors";
import { getCurrentUser } from "@/server/users/get-current-user";
import { pagePrincipal, requirePrincipal } from "@/app/_components/require-principal";
import { getProblems, getT } from "@/app/_i18n/server";
import { roleMayDo } from "@/server/auth/book-roles";
import { ChapterEditor } from "./chapter-editor";
import { ChapterReading } from "./chapter-reading";
import { loadChapterPage } from "./load-chapter-page";

interface Params {
  params: Promise<{ bookId: string; chapterId: string }>;
}

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { bookId, chapterId } = await params;
  const t = await getT("editor.page");
  const principal = await pagePrincipal();
  if (!principal) return { title: t("title") };
  try {
    const { book, chapter } = await loadChapterPage(bookId, chapterId, principal);
    return { title: t("titleOf", { chapter: chapter.title, book: book.title }) };
  } catch {
    return { title: t("title") };
  }
}

/** /books/{bookId}/chapters/{chapterId}: the chapter editor, or its reading view for a role that does not write. */
export default async function ChapterPage({ params }: Params) {
  const { bookId, chapterId } = await params;
  const principal = await requirePrincipal(`/books/${bookId}/chapters/${chapterId}`);
  let loaded;
  try {
    loaded = await loadChapterPage(bookId, chapterId, principal);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // Another writer's book, a chapter in the trash, a purged book: say which, calmly.
    const [t, { sentence }] = [await getT("editor.page"), await getProblems()];
    return (
      <div className="narrow">
        <h1>{t("cannotOpen")}</h1>
        <p className="lede">{sentence(error.code)}</p>
        <p>
          <Link href="/">{t("backToBooks")}</Link>
        </p>
      </div>
    );
  }
  const { book, chapter, chapters } = loaded;
  if (!roleMayDo(book.role, "write")) return <ChapterReading book={book} chapter={chapter} chapters={chapters} me={principal.userId} />;
  const user = await getCurrentUser(principal);
  return (
    <ChapterEditor
      // A new editor (and save engine) for each chapter, never one reused across chapters.
      key={chapter.id}
      book={{ id: book.id, title: book.title, language: book.language, countRule: book.countRule, paragraphIndent: book.paragraphIndent }}
      chapterId={chapter.id}
      chapter={{ version: chapter.version, title: chapter.title, content: chapter.content, wordCount: chapter.wordCount, updatedAt: chapter.updatedAt }}
      chapters={chapters}
      email={user.email}
      me={{ id: user.id, owner: book.role === "owner" }}
    />
  );
}
