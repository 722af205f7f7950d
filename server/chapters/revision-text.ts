import { eraseDeletedText, releaseFreePages, sql } from "../db";
import { compressText, decompressText } from "../text/compressed-text";

/**
 * How a revision keeps its text (issue 34 item 7, decision 0482): compressed, in
 * compressedContent, with content left empty. Revisions written before that keep their text in
 * content (compressedContent null) until compressOldRevisions reaches them. Every reader of a
 * revision's text selects both columns and reads it through revisionText.
 */
export const revisionTextColumns = ["content", "compressedContent"] as const;

export interface StoredRevisionText {
  content: string;
  compressedContent: Uint8Array | null;
}

/** The columns a new revision's text is written to. */
export async function storedRevisionText(text: string): Promise<{ content: string; compressedContent: Buffer }> {
  return { content: "", compressedContent: await compressText(text) };
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
 * Compresses the revisions written before decision 0482, a batch per transaction so that saves
 * go on in between, then gives the freed pages back to the file system (SQLite). Run once per
 * start, in the background; a revision thinned meanwhile is simply not there to update. Returns
 * how many it compressed.
 */
export async function compressOldRevisions(): Promise<number> {
  let compressed = 0;
  for (;;) {
    const rows = await sql.selectFrom("ChapterRevision").select(["id", "content"]).where("compressedContent", "is", null).limit(BATCH).execute();
    if (rows.length === 0) break;
    // Compressed before the transaction: the write lock is held for the updates only.
    const packed = await Promise.all(rows.map(async (row) => ({ id: row.id, ...(await storedRevisionText(row.content)) })));
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
