"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { BookDto } from "@/server/books/schemas";
import { Dialog } from "../../../_components/dialog";
import { Notice, type NoticeContent } from "../../../_components/notice";
import { describeProblem } from "../../../_components/problem";
import { trpc } from "../../../_trpc/client";
import { BookForm } from "./book-form";
import { ConfirmDeleteForever } from "./confirm-delete-forever";

interface BookDesk {
  newBook(): void;
  edit(book: BookDto): void;
  moveToTrash(book: BookDto): void;
  restore(book: BookDto): void;
  deleteForever(book: BookDto): void;
}

const DeskContext = createContext<BookDesk | null>(null);

export function useBookDesk(): BookDesk {
  const desk = useContext(DeskContext);
  if (!desk) throw new Error("useBookDesk needs a <BookDeskProvider> around it");
  return desk;
}

type Open = { kind: "new" } | { kind: "edit"; book: BookDto } | { kind: "delete-forever"; book: BookDto } | null;

/**
 * What the book list and the book page do to books: the book form in a dialog, the trash with its
 * Undo, restoring, deleting for good. The pages stay server-rendered; after each change they are
 * refreshed from the server.
 */
export function BookDeskProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<NoticeContent | null>(null);
  const { mutateAsync: removeBook } = trpc.books.delete.useMutation();
  const { mutateAsync: updateBook } = trpc.books.update.useMutation();
  const close = useCallback(() => setOpen(null), []);
  const dismiss = useCallback(() => setNotice(null), []);

  const desk = useMemo<BookDesk>(() => {
    const fail = (error: unknown) => setNotice({ message: describeProblem(error)?.message ?? "" });
    const restore = (book: BookDto) =>
      updateBook({ bookId: book.id, changes: { deleted: false } }).then(() => {
        setNotice({ message: `“${book.title}” is back on your list.` });
        router.refresh();
      }, fail);
    return {
      newBook: () => setOpen({ kind: "new" }),
      edit: (book) => setOpen({ kind: "edit", book }),
      moveToTrash: (book) =>
        removeBook({ bookId: book.id }).then(() => {
          setNotice({ message: `“${book.title}” moved to the trash.`, action: { label: "Undo", run: () => void restore(book) } });
          router.refresh();
        }, fail),
      restore: (book) => void restore(book),
      deleteForever: (book) => setOpen({ kind: "delete-forever", book }),
    };
  }, [router, removeBook, updateBook]);

  return (
    <DeskContext.Provider value={desk}>
      {children}
      {open?.kind === "new" && (
        <Dialog title="New book" onClose={close}>
          {() => <BookForm onCancel={close} onDone={(book) => router.push(`/books/${book.id}`)} />}
        </Dialog>
      )}
      {open?.kind === "edit" && (
        <Dialog title="Book details" onClose={close}>
          {() => (
            <BookForm
              book={open.book}
              onCancel={close}
              onDone={() => {
                close();
                router.refresh();
              }}
            />
          )}
        </Dialog>
      )}
      {open?.kind === "delete-forever" && (
        <ConfirmDeleteForever
          book={open.book}
          onClose={close}
          onDeleted={() => {
            close();
            setNotice({ message: `“${open.book.title}” was deleted for good.` });
            router.refresh();
          }}
        />
      )}
      <Notice notice={notice} onDismiss={dismiss} />
    </DeskContext.Provider>
  );
}
