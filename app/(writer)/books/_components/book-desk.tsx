"use client";

import { useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useTranslations } from "use-intl";
import type { BookDto } from "@/server/books/schemas";
import { Dialog } from "../../../_components/dialog";
import { Notice, type NoticeContent } from "../../../_components/notice";
import { useProblems } from "../../../_components/use-problems";
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
  const t = useTranslations("books.desk");
  const { describeProblem } = useProblems();
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
        setNotice({ message: t("restored", { title: book.title }) });
        router.refresh();
      }, fail);
    return {
      newBook: () => setOpen({ kind: "new" }),
      edit: (book) => setOpen({ kind: "edit", book }),
      moveToTrash: (book) =>
        removeBook({ bookId: book.id }).then(() => {
          setNotice({ message: t("trashed", { title: book.title }), action: { label: t("undo"), run: () => void restore(book) } });
          router.refresh();
        }, fail),
      restore: (book) => void restore(book),
      deleteForever: (book) => setOpen({ kind: "delete-forever", book }),
    };
  }, [router, removeBook, updateBook, t, describeProblem]);

  return (
    <DeskContext.Provider value={desk}>
      {children}
      {open?.kind === "new" && (
        <Dialog title={t("newBook")} onClose={close}>
          {() => <BookForm onCancel={close} onDone={(book) => router.push(`/books/${book.id}`)} />}
        </Dialog>
      )}
      {open?.kind === "edit" && (
        <Dialog title={t("bookDetails")} onClose={close}>
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
            setNotice({ message: t("deletedForever", { title: open.book.title }) });
            router.refresh();
          }}
        />
      )}
      <Notice notice={notice} onDismiss={dismiss} />
    </DeskContext.Provider>
  );
}
