"use client";

import { useRouter } from "next/navigation";
import { useFormatter, useTranslations } from "use-intl";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { trpc } from "@/app/_trpc/client";
import { BOOK_COVER_BYTES, COVER_MEDIA_TYPES, type BookDto } from "@/server/books/schemas";
import { usePictureUpload } from "../../_components/use-picture-upload";
import styles from "../book.module.css";

/**
 * The cover the book's EPUB carries: shown, replaced (REST's PUT …/cover takes it as a multipart
 * file; the server sniffs it and refuses what is not a JPEG, PNG or GIF, or is over the limit), or
 * removed. The page is refreshed after, so the export dialog knows whether there is one, and the
 * cover's warnings (too small for the stores, a ratio far from 1.6) show under it.
 */
export function BookCover({ book }: { book: Pick<BookDto, "id" | "title" | "cover"> }) {
  const router = useRouter();
  const t = useTranslations("books.cover");
  const format = useFormatter();
  const { describeProblem } = useProblems();
  const remove = trpc.books.deleteCover.useMutation({ onSuccess: () => router.refresh() });
  const { problem, sending, onChange } = usePictureUpload<BookDto>(`/api/v1/books/${encodeURIComponent(book.id)}/cover`, () => router.refresh());

  return (
    <div className={styles.cover}>
      <h2 className={styles.sideHeading}>{t("heading")}</h2>
      {book.cover ? (
        // The writer's own upload, served by the API: next/image's optimiser has nothing to add.
        // eslint-disable-next-line @next/next/no-img-element
        <img className={styles.coverImage} src={`${book.cover.url}?v=${encodeURIComponent(book.cover.updatedAt)}`} alt={t("alt", { title: book.title })} />
      ) : (
        <p className="muted">{t("none")}</p>
      )}
      {book.cover && book.cover.warnings.length > 0 && (
        // Kept, but a store may refuse or blur it: said beside the picture, in the words the API uses.
        <ul className={styles.coverWarnings} aria-label={t("warnings")}>
          {book.cover.warnings.map((warning) => (
            <li key={warning.code} data-code={warning.code}>
              {warning.message}
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={problem ?? describeProblem(remove.error)?.message} />
      <label className="button secondary small" aria-disabled={sending || undefined}>
        {sending ? t("sending") : book.cover ? t("replace") : t("add")}
        <input type="file" accept={COVER_MEDIA_TYPES.join(",")} className="visually-hidden" onChange={onChange} disabled={sending} />
      </label>
      {book.cover ? (
        <button type="button" className="button ghost small" onClick={() => remove.mutate({ bookId: book.id })} disabled={remove.isPending}>
          {t("remove")}
        </button>
      ) : (
        <p className={styles.coverHint}>{t("hint", { mebibytes: BOOK_COVER_BYTES / 1024 / 1024, width: format.number(1600), height: format.number(2560) })}</p>
      )}
    </div>
  );
}
