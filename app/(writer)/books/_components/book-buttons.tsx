"use client";

import { roleMayDo } from "@/server/auth/book-roles";
import type { ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { BookDto } from "@/server/books/schemas";
import { useBookDesk } from "./book-desk";

export function NewBookButton({ children, className = "button" }: { children?: ReactNode; className?: string }) {
  const desk = useBookDesk();
  const t = useTranslations("books.buttons");
  return (
    <button type="button" className={className} onClick={desk.newBook}>
      {children ?? t("newBook")}
    </button>
  );
}

/** A button whose visible word is short and whose accessible name says which book. */
function BookButton({ label, book, onClick, className = "button ghost small" }: { label: string; book: BookDto; onClick: () => void; className?: string }) {
  return (
    <button type="button" className={className} onClick={onClick}>
      {label}
      <span className="visually-hidden"> “{book.title}”</span>
    </button>
  );
}

export function EditBookButton({ book, className, label }: { book: BookDto; className?: string; label?: string }) {
  const desk = useBookDesk();
  const t = useTranslations("books.buttons");
  return <BookButton label={label ?? t("edit")} book={book} onClick={() => desk.edit(book)} className={className} />;
}

function RestoreBookButton({ book }: { book: BookDto }) {
  const desk = useBookDesk();
  const t = useTranslations("books.buttons");
  return <BookButton label={t("restore")} book={book} onClick={() => desk.restore(book)} className="button secondary small" />;
}

/** What the writer may do to a book from the list: a co-author edits it, only its owner trashes it. */
export function BookEntryActions({ book }: { book: BookDto }) {
  const desk = useBookDesk();
  const t = useTranslations("books.buttons");
  return (
    <>
      {roleMayDo(book.role, "write") && <EditBookButton book={book} />}
      {roleMayDo(book.role, "delete") && <BookButton label={t("moveToTrash")} book={book} onClick={() => desk.moveToTrash(book)} />}
    </>
  );
}

export function TrashEntryActions({ book }: { book: BookDto }) {
  const desk = useBookDesk();
  const t = useTranslations("books.buttons");
  return (
    <>
      <RestoreBookButton book={book} />
      <BookButton label={t("deleteForever")} book={book} onClick={() => desk.deleteForever(book)} className="button ghost small" />
    </>
  );
}
