import Link from "next/link";
import { notFound } from "next/navigation";
import type { ReactElement } from "react";
import type { Principal } from "@/server/auth/principal";
import { getBook } from "@/server/books/get-book";
import type { BookDto } from "@/server/books/schemas";
import { AppError } from "@/server/errors";
import { getT } from "../../../_i18n/server";

/**
 * The book an Analyze page (the analyses, Compare) is about, or what the page shows instead: the
 * 404 page for a book that is not there, a sentence and the way back for one the writer may not
 * open or has put in the trash.
 */
export async function loadAnalyzeBook(bookId: string, principal: Principal): Promise<{ book: BookDto } | { refusal: ReactElement }> {
  try {
    return { book: await getBook({ bookId }, principal) };
  } catch (error) {
    if (error instanceof AppError && (error.code === "not_found" || error.code === "gone")) notFound();
    if (error instanceof AppError && (error.code === "forbidden" || error.code === "book_in_trash")) {
      const [errors, t] = await Promise.all([getT("errors"), getT("analysis.analyze")]);
      return {
        refusal: (
          <div className="empty">
            <p className="empty-title">{errors(`code.${error.code}`)}</p>
            <Link href="/books">{t("backToBooks")}</Link>
          </div>
        ),
      };
    }
    throw error;
  }
}
