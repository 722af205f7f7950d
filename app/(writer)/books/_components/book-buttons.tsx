"use client";

import { roleMayDo } from "@/server/auth/book-roles";
import type { ReactNode } from "react";
import type { BookDto } from "@/server/books/schemas";
import { useBookDesk } from "./book-desk";

export function NewBookButton({ children = "New book", className = "button" }: { children?: ReactNode; className?: string }) {
  const desk = useBookDesk();
  return (
    <button type="button" className={className} onClick={desk.newBook}>
      {children}
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

export function EditBookButton({ book, className, label = "Edit" }: { book: BookDto; className?: string; label?: string }) {
  const desk = useBookDesk();
  return <BookButton label={label} book={book} onClick={() => desk.edit(book)} className={className} />;
}

function RestoreBookButton({ book }: { book: BookDto }) {
  const desk = useBookDesk();
  return <BookButton label="Restore" book={book} onClick={() => desk.restore(book)} className="button secondary small" />;
}

/** What the writer may do to a book from the list: a co-author edits it, only its owner trashes it. */
export function BookEntryActions({ book }: { book: BookDto }) {
  const desk = useBookDesk();
  return (
    <>
      {roleMayDo(book.role, "write") && <EditBookButton book={book} />}
      {roleMayDo(book.role, "delete") && <BookButton label="Move to trash" book={book} onClick={() => desk.moveToTrash(book)} />}
    </>
  );
}

export function TrashEntryActions({ book }: { book: BookDto }) {
  const desk = useBookDesk();
  return (
    <>
      <RestoreBookButton book={book} />
      <BookButton label="Delete for good" book={book} onClick={() => desk.deleteForever(book)} className="button ghost small" />
    </>
  );
}
