/**
 * The one rule every counter of a writer's words follows (issue 33 item 5, decision 0472): a day,
 * a session and a book's today count **net words**, words typed less words deleted, as Scrivener's
 * session target and NaNoWriMo's count do. Deleting 3,000 words is −3,000; a corrected letter
 * (one word out, one in) is 0. Words brought in are not written: an import, a restored revision,
 * and a paste, which a save adding more than PASTE_WORDS at once is taken for (they are counted
 * apart, as imported and restored); taking such words out again counts as deleting, for nothing
 * tells them from the rest once they are in the text.
 */

/**
 * A save adding more words than this at once is a paste (from notes, another file, a chat with an
 * editor) and counts as imported: a manuscript page is about 250 words, and nobody types a page
 * between two autosaves.
 */
export const PASTE_WORDS = 250;

/** A day's (or a span's) net words: typed less deleted. */
export function netWords(totals: { written: number; removed: number }): number {
  return totals.written - totals.removed;
}
