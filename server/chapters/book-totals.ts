import type { db } from "../db";

type Tx = Parameters<Parameters<typeof db.$transaction>[0]>[0];

/** Recomputes a book's word and chapter counts inside the transaction that changed its chapters. */
export async function refreshBookTotals(tx: Tx, bookId: string): Promise<void> {
  const totals = await tx.chapter.aggregate({ where: { bookId }, _sum: { wordCount: true }, _count: true });
  await tx.book.update({
    where: { id: bookId },
    data: { wordCount: totals._sum.wordCount ?? 0, chapterCount: totals._count },
  });
}
