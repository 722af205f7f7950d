import { eraseDeletedText, releaseFreePages, sql } from "../db";
import { compressText, decompressText } from "../text/compressed-text";
import { KEEP_EVERY_SAVE_FOR } from "./revision-retention";

/**
 * How a revision keeps its text (issue 34 item 7, decision 0482): a save writes it plain, in
 * content; once it has outlived the window in which every save is kept (most autosaves are thinned
 * away within it), the maintenance sweep compresses it into compressedContent and empties content.
 * Every reader of a revision's text selects both columns and reads it through revisionText.
 */
export const revisionTextColumns = ["content", "compressedContent"] as const;

export interface StoredRevisionText {
  content: string;
  compressedContent: Uint8Array | null;
}

/** A revision's text, whichever way it is kept. */
export async function revisionText(stored: StoredRevisionText): Promise<string> {
  return stored.compressedContent ? decompressText(stored.compressedContent) : stored.content;
}

/** A row with its text read back, in place of the two columns that keep it. */
export async function withRevisionText<T extends StoredRevisionText>(row: T): Promise<Omit<T, "compressedContent">> {
  const content = await revisionText(row);
  const rest: Partial<T> = { ...row };
  delete rest.compressedContent;
  return { ...(rest as Omit<T, "compressedContent">), content };
}

const BATCH = 100;

/**
 * Compresses the plain revisions written before `writtenBefore` (by default, those older than the
 * window in which every save is kept), a batch per transaction so that saves go on in between,
 * then gives the freed pages back to the file system (SQLite). The maintenance sweep runs it every
 * minute; a revision thinned meanwhile is simply not there to update. Returns how many it compressed.
 */
export async function compressOldRevisions(writtenBefore = new Date(Date.now() - KEEP_EVERY_SAVE_FOR)): Promise<number> {
  let compressed = 0;
  for (;;) {
    const rows = await sql
      .selectFrom("ChapterRevision")
      .select(["id", "content"])
      .where("compressedContent", "is", null)
      .where("createdAt", "<", writtenBefore)
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    // Compressed (on the thread pool) before the transaction: the write lock is held for the updates only.
    const packed = await Promise.all(rows.map(async (row) => ({ id: row.id, content: "", compressedContent: await compressText(row.content) })));
    await sql.transaction().execute(async (trx) => {
      for (const row of packed) {
        await trx.updateTable("ChapterRevision").set({ content: row.content, compressedContent: row.compressedContent }).where("id", "=", row.id).where("compressedContent", "is", null).execute();
      }
    });
    compressed += rows.length;
  }
  if (compressed > 0) {
    await releaseFreePages();
    await eraseDeletedText();
  }
  return compressed;
}
