import type { Transaction } from "kysely";
import { setImmediate as nextTurn } from "node:timers/promises";
import { AppError, refusedField } from "../errors";
import type { DB } from "../generated/kysely/database";
import { nameKey } from "./names";
import { BIBLE_LIMITS } from "./schemas";
import { parseList } from "./stored-list";

type Reader = Pick<Transaction<DB>, "selectFrom">;
type Scope = { bookId: string | null; seriesId: string | null };
export interface NameHolder {
  id: string;
  name: string;
}

/**
 * An entry's names as keys (nameKey), refusing one named twice (422). Pure: an import computes
 * every row's keys before its transaction starts.
 */
export function entryNameKeys(names: readonly string[]): string[] {
  const keys = names.map(nameKey);
  const seen = new Set<string>();
  keys.forEach((key, at) => {
    if (seen.has(key)) throw new AppError("validation_failed", `"${names[at]}" is named twice in this entry.`, [refusedField("aliases", "nameRepeated", `"${names[at]}" is named twice`, { name: names[at]! })]);
    seen.add(key);
  });
  return keys;
}

/**
 * Every name that the books an entry may join already see, by key, read once: checking an entry
 * is then one lookup per name, and an import of 2,000 entries one pass over them instead of a
 * reread of the whole bible per row (24 s for 1,000 entries of 30 aliases, issue 30). A book sees
 * its own entries and its series'; an entry of the series joins every book of the series.
 */
export class NameIndex {
  private readonly seriesNames = new Map<string, NameHolder>();
  /** per book, its own entries' names */
  private readonly bookNames = new Map<string, Map<string, NameHolder>>();
  /** every book's own names together: what a new series entry must not take */
  private readonly anyBookNames = new Map<string, NameHolder>();
  private readonly bookEntries = new Map<string, number>();
  private seriesEntries = 0;

  private constructor(bookIds: readonly string[]) {
    for (const id of bookIds) {
      this.bookNames.set(id, new Map());
      this.bookEntries.set(id, 0);
    }
  }

  /** The names the books of `scope` see (a book, or every book of a series), but `exceptEntryId`'s. */
  static async load(db: Reader, scope: Scope, exceptEntryId?: string): Promise<NameIndex> {
    const { books, entries } = await visibleNames(db, scope);
    const index = new NameIndex(books);
    for (const entry of entries) {
      if (entry.id === exceptEntryId) continue;
      index.add(entry.bookId ? { bookId: entry.bookId, seriesId: null } : { bookId: null, seriesId: entry.seriesId }, entry, storedKeys(entry));
    }
    return index;
  }

  /** The first of `keys` an entry these books see already has, and that entry. */
  clash(scope: Scope, keys: readonly string[]): { at: number; holder: NameHolder } | undefined {
    const own = scope.bookId ? this.bookNames.get(scope.bookId) : this.anyBookNames;
    for (const [at, key] of keys.entries()) {
      const holder = this.seriesNames.get(key) ?? own?.get(key);
      if (holder) return { at, holder };
    }
    return undefined;
  }

  /** 422 when one more entry in `scope` would take a book past the limit. */
  refuseWhenFull(scope: Scope): void {
    const own = scope.bookId ? (this.bookEntries.get(scope.bookId) ?? 0) : Math.max(0, ...this.bookEntries.values());
    const entries = own + this.seriesEntries;
    if (entries + 1 > BIBLE_LIMITS.entriesPerBook) {
      throw new AppError("bible_limit", `A book's bible holds at most ${BIBLE_LIMITS.entriesPerBook} entries (its own and its series').`, { limit: BIBLE_LIMITS.entriesPerBook, entries });
    }
  }

  add(scope: Scope, holder: NameHolder, keys: readonly string[]): void {
    if (scope.bookId) {
      const names = this.bookNames.get(scope.bookId) ?? new Map<string, NameHolder>();
      this.bookNames.set(scope.bookId, names);
      for (const key of keys) {
        names.set(key, holder);
        this.anyBookNames.set(key, holder);
      }
      this.bookEntries.set(scope.bookId, (this.bookEntries.get(scope.bookId) ?? 0) + 1);
    } else {
      for (const key of keys) this.seriesNames.set(key, holder);
      this.seriesEntries++;
    }
  }
}

/** The 409 for a name another entry has. */
export function nameTaken(name: string, holder: NameHolder): AppError {
  return new AppError("name_taken", `"${name}" is already a name of the entry "${holder.name}".`, { name, entryId: holder.id, entryName: holder.name });
}

/** Entries keyed per slice before the event loop is let go: 64 entries of 31 names take a few milliseconds. */
const ENTRIES_PER_SLICE = 64;

/** `work` for each item, in slices that yield, so that thousands of entries never hold the thread. */
export async function inSlices<T, R>(items: readonly T[], work: (item: T, index: number) => R): Promise<R[]> {
  const results: R[] = [];
  for (const [index, item] of items.entries()) {
    if (index > 0 && index % ENTRIES_PER_SLICE === 0) await nextTurn();
    results.push(work(item, index));
  }
  return results;
}

/**
 * The keys of stored entries' names, by their name and aliases as stored: a cache whose miss only
 * costs keying again. A bible's names are keyed in slices before its write transaction
 * (`warmNameKeys`), so the transaction, which holds the database, only looks them up.
 */
const keyCache = new Map<string, string[]>();
const KEY_CACHE_ENTRIES = 20_000;

function storedKeys(entry: { name: string; aliases: string }): string[] {
  const cacheKey = `${entry.name}\u0000${entry.aliases}`;
  let keys = keyCache.get(cacheKey);
  if (!keys) {
    if (keyCache.size >= KEY_CACHE_ENTRIES) keyCache.clear();
    keys = [entry.name, ...parseList(entry.aliases)].map(nameKey);
    keyCache.set(cacheKey, keys);
  }
  return keys;
}

/** Keys the names the books of `scope` see, in slices, ahead of a transaction that checks names. */
export async function warmNameKeys(db: Reader, scope: Scope): Promise<void> {
  const { entries } = await visibleNames(db, scope);
  await inSlices(entries, storedKeys);
}

async function visibleNames(db: Reader, scope: Scope) {
  const books = scope.bookId
    ? await db.selectFrom("Book").select(["id", "seriesId"]).where("id", "=", scope.bookId).execute()
    : await db.selectFrom("Book").select(["id", "seriesId"]).where("seriesId", "=", scope.seriesId).execute();
  const seriesId = scope.seriesId ?? books[0]?.seriesId ?? null;
  const bookIds = books.map((book) => book.id);
  if (bookIds.length === 0 && seriesId === null) return { books: bookIds, entries: [] };
  const entries = await db
    .selectFrom("BibleEntry")
    .select(["id", "name", "aliases", "bookId", "seriesId"])
    .where((eb) => {
      const own = bookIds.length > 0 ? [eb("bookId", "in", bookIds)] : [];
      return eb.or(seriesId ? [...own, eb("seriesId", "=", seriesId)] : own);
    })
    .execute();
  return { books: bookIds, entries };
}
