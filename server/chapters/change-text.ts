import type { Transaction } from "kysely";
import { addToBookTotals, bookTransaction } from "../books/access";
import { engine } from "../db";
import { AppError } from "../errors";
import type { DB } from "../generated/kysely/database";
import { addToLedger, ledgerEntry, type LedgerEntry } from "../goals/ledger";
import { drainOutbox } from "../outbox/drain-outbox";
import type { OutboxTopic } from "../outbox/topics";
import { newId } from "../sql/values";
import { countRuleOf } from "../books/count-rule-of";
import { countProseOf, wordChangeOf } from "../text/count-task";
import type { CountRule } from "../text/count-rule";
import { countProse } from "../text/prose";
import { trueTo, type WordChange } from "../text/word-change";
import { chapterInTrash } from "./load-chapter";
import { followText } from "../comments/follow-text";
import { followTextWithSuggestions } from "../suggestions/follow-text";
import { followTextWithScenes, type SceneSlot } from "../scenes/follow-text";
import { tellOverdueForeshadowings } from "../foreshadowing/tell-overdue";
import { followTextWithForeshadowings } from "../foreshadowing/follow-text";
import { THIN_EVERY_VERSIONS, thinRevisions } from "./revision-retention";
import { chapterSummaryColumns, toChapterDto, type ChapterDto } from "./schemas";
import { logFailure } from "../machine-trouble";

/**
 * The one way a chapter's text changes (issue 31 item 2, decision 0460). The editor's saves,
 * PUT/PATCH, tRPC, uploads, imports, a book-wide replace and its undo, and restores all come
 * here; suggestions and live co-editing are to be new callers, not new write paths. A change
 * names who wrote it, and its consequences are declared once, in TEXT_CHANGE_CONSEQUENCES.
 */

/** Why a version exists, as its revision says. */
export type TextChangeKind = "save" | "restore" | "replace" | "undo" | "upload" | "import" | "suggestion" | "scenes";

/** A new version of a chapter, written only while the chapter stands at `expectedVersion`, out of the trash. */
export interface Rewrite {
  chapterId: string;
  expectedVersion: number;
  /** the word count of the text being replaced: the version check pins it to that text */
  wordCountBefore: number;
  /** the text being replaced, when the caller read it: comments then follow the edit exactly, else by their quotes */
  contentBefore?: string;
  next: { title: string; content: string; wordCount: number };
  /** the words added and removed, for the kinds the ledger credits as writing (save, restore) */
  change?: WordChange;
  /** a scene use case's layout of the new text, one slot per stretch (decision 0499); absent: the scenes follow the text */
  scenes?: readonly SceneSlot[];
}

/** A chapter added after the book's last one, as version 1. */
export interface NewChapter {
  title: string;
  content: string;
  wordCount: number;
}

export interface TextChange {
  bookId: string;
  /** the user who wrote it: named on each revision, and credited in the ledger */
  authorId: string;
  kind: TextChangeKind;
  /** the book's counting rule the word counts below were made by (server/text/count-rule.ts) */
  countRule: CountRule;
  /** the book-wide replace (or its undo) the revisions belong to */
  changeSetId?: string;
  /** a restore from a named snapshot: the snapshot each revision says it came from */
  snapshotId?: string;
  /** accepted suggestions (decision 0496): the one person who suggested what the author accepted, named on each revision */
  suggestedById?: string;
  rewrites?: Rewrite[];
  appends?: NewChapter[];
}

/** A chapter as a change left it. */
export interface WrittenChapter {
  chapter: ChapterDto;
  wordCountBefore: number;
  contentBefore?: string;
  change?: WordChange;
  scenes?: readonly SceneSlot[];
  appended: boolean;
}

export interface WrittenText {
  change: TextChange;
  at: Date;
  /** rewrites first, in their order, then appends in theirs */
  chapters: WrittenChapter[];
}

type Engine = typeof engine;
type Consequence =
  | { in: "transaction"; why: string; apply: (trx: Transaction<DB>, written: WrittenText) => Promise<void> }
  | { in: "outbox"; why: string; topic: OutboxTopic; engines: readonly Engine[]; waitedForBySingleSaves: boolean }
  | { in: "derived"; why: string };

/**
 * Every consequence of a text change, once, in the order the transaction applies them. "transaction":
 * done in the change's own transaction, so the change and it commit or vanish together. "outbox":
 * a row per chapter goes into the Outbox table in that same transaction, and the topic's function
 * (server/outbox/topics.ts) does the work after the commit, in this process or, after a crash, the
 * next one to start. "derived": nothing to do, the state is computed from the chapter's version.
 */
export const TEXT_CHANGE_CONSEQUENCES = {
  revision: {
    in: "transaction",
    why: "the revision is the saved text the writer is told is safe, and restores and undos read it; older autosaves are thinned as they age",
    apply: keepRevisions,
  },
  totals: {
    in: "transaction",
    why: "the book's word and chapter counts must never disagree with its chapters, and adding to them is where a trashed or purged book refuses the write",
    apply: addTotals,
  },
  comments: {
    in: "transaction",
    why: "a comment names a stretch of the text by its place: the place must move in the same commit as the text, or a reader would see it point at other words",
    apply: moveComments,
  },
  suggestions: {
    in: "transaction",
    why: "a suggested edit replaces the words it was made on: its place must move with the text in the same commit, and lose its place when its words change, or accepting it would replace other words (decision 0496)",
    apply: moveSuggestions,
  },
  scenes: {
    in: "transaction",
    why: "a scene is a stretch of the text between scene-break lines: its place must move with the text in the same commit, or a scene would hold other words, and the plan that names it would follow them (decision 0499)",
    apply: moveScenes,
  },
  foreshadowing: {
    in: "transaction",
    why: "a foreshadowing's setup and payoff name words of the text by their place, as a comment does: the place must move in the same commit as the text (decision 0501)",
    apply: moveForeshadowings,
  },
  overdueForeshadowing: {
    in: "transaction",
    why: "a chapter's first words may write the book through a foreshadowing's deadline: its writers are told once, in the commit that made it overdue, so a rolled-back save tells nobody (decision 0508)",
    apply: tellOverdue,
  },
  ledger: {
    in: "transaction",
    why: "the writer's day must count each accepted change exactly once: a refused or rolled back change never, a repeated outbox run never twice",
    apply: creditLedger,
  },
  mentions: {
    in: "outbox",
    why: "scanning for the bible's names can take a worker seconds on a long chapter; reads rescan what they find stale, so a moment's lag shows nothing wrong",
    topic: "chapter-mentions",
    engines: ["sqlite", "postgresql"],
    waitedForBySingleSaves: true,
  },
  search: {
    in: "outbox",
    why: "FTS5 indexing takes seconds on a long text, on the thread that answers everyone (decision 0443); PostgreSQL's trigram indexes follow by themselves",
    topic: "chapter-search",
    engines: ["sqlite"],
    waitedForBySingleSaves: false,
  },
  webhooks: {
    in: "outbox",
    why: "a chapter.saved event is one per pause in the writing, not per autosave, and a receiver's answer must never hold a save; the row makes a crash after the commit lose no event (decision 0474)",
    topic: "chapter-webhooks",
    engines: ["sqlite", "postgresql"],
    waitedForBySingleSaves: false,
  },
  analysis: {
    in: "derived",
    why: "a kept analysis is stale when the book's version (a hash of its chapters' ids and versions, server/analysis/book-version.ts) moved, which every change does",
  },
} as const satisfies Record<string, Consequence>;

const CONSEQUENCES: readonly Consequence[] = Object.values(TEXT_CHANGE_CONSEQUENCES);
/** The topics a change leaves rows for on this engine: one insert for all of them (a save's three were three statements). */
const OUTBOX_TOPICS = CONSEQUENCES.flatMap((consequence): OutboxTopic[] => (consequence.in === "outbox" && consequence.engines.includes(engine) ? [consequence.topic] : []));
/** Rows per insert into the outbox: well under either engine's bound-parameter limit. */
const OUTBOX_ROWS_PER_INSERT = 200;

/**
 * Changes chapters' text inside a book's transaction the caller holds, with every consequence.
 * A rewrite whose chapter moved on or went to the trash meanwhile writes nothing: the change then
 * throws what `refuse` makes of those rewrites, rolling the whole transaction back.
 */
export async function changeTextIn(
  trx: Transaction<DB>,
  change: TextChange,
  refuse: (raced: Rewrite[]) => AppError | Promise<AppError>,
): Promise<WrittenText> {
  const at = new Date();
  const chapters: WrittenChapter[] = [];
  const raced: Rewrite[] = [];
  change = await countedByTheBooksRule(trx, change);
  for (const rewrite of change.rewrites ?? []) {
    const saved = await trx
      .updateTable("Chapter")
      .set((eb) => ({ ...rewrite.next, version: eb("version", "+", 1), updatedAt: at }))
      .where("id", "=", rewrite.chapterId)
      .where("version", "=", rewrite.expectedVersion)
      .where("deletedAt", "is", null)
      .returning(chapterSummaryColumns)
      .executeTakeFirst();
    if (!saved) raced.push(rewrite);
    else
      chapters.push({
        chapter: toChapterDto({ ...saved, content: rewrite.next.content }),
        wordCountBefore: rewrite.wordCountBefore,
        contentBefore: rewrite.contentBefore,
        change: rewrite.change,
        scenes: rewrite.scenes,
        appended: false,
      });
  }
  if (raced.length > 0) throw await refuse(raced);
  if (change.appends?.length) chapters.push(...(await appendChapters(trx, change.bookId, change.appends, at)));
  const written: WrittenText = { change, at, chapters };
  for (const consequence of CONSEQUENCES) if (consequence.in === "transaction") await consequence.apply(trx, written);
  await leaveInOutbox(trx, OUTBOX_TOPICS, written);
  return written;
}

/**
 * The change with its counts made by the book's rule as it stands in this transaction. The counts
 * are made before it (a long chapter in a worker), so a switch of the book's rule that committed in
 * between (it holds the book, as this does) would leave them by the old rule: then they are made
 * again here. That is rare enough to count on this thread.
 */
async function countedByTheBooksRule(trx: Transaction<DB>, change: TextChange): Promise<TextChange> {
  const rule = await countRuleOf(change.bookId, trx);
  if (rule === change.countRule) return change;
  return {
    ...change,
    countRule: rule,
    rewrites: change.rewrites?.map((rewrite) => {
      const wordCount = countProse(rewrite.next.content, rule);
      const next = { ...rewrite.next, wordCount };
      return { ...rewrite, next, change: rewrite.change && trueTo({ before: rewrite.wordCountBefore, after: wordCount }, rewrite.change) };
    }),
    appends: change.appends?.map((append) => ({ ...append, wordCount: countProse(append.content, rule) })),
  };
}

/** For changes that only append chapters: nothing of theirs can race. */
export function nothingRaces(): AppError {
  return new AppError("internal", "An append raced, which cannot happen.");
}

/**
 * One chapter's new version in a transaction of its own: an editor's save or a restore. A stale
 * version answers version_conflict (409) and changes nothing; a chapter trashed meanwhile 404
 * chapter_in_trash; one deleted for good 404 not_found (its book purged: 410 gone). Once it
 * commits, the outbox work the editor shows next (the bible's marks) is done before it answers,
 * its failure only logged: the row stays for the drainer.
 */
export async function changeChapterText(
  chapter: { id: string; bookId: string; version: number; wordCount: number; content: string },
  expectedVersion: number,
  next: { title: string; content: string },
  options: { authorId: string; kind?: "save" | "restore"; snapshotId?: string },
): Promise<ChapterDto> {
  if (chapter.version !== expectedVersion) throw versionConflict(expectedVersion, chapter.version);
  const kind = options.kind ?? "save";
  // Counted before the transaction: a long chapter is counted in a worker, holding no lock. The
  // version check in the transaction pins chapter.content to the text this change replaces.
  const countRule = await countRuleOf(chapter.bookId);
  const wordCount = (await countProseOf([next.content], countRule, options.authorId))[0]!;
  const change = await wordChangeOf(chapter.content, next.content, countRule, { before: chapter.wordCount, after: wordCount }, options.authorId);
  const rewrite: Rewrite = { chapterId: chapter.id, expectedVersion, wordCountBefore: chapter.wordCount, contentBefore: chapter.content, next: { ...next, wordCount }, change };
  const written = await bookTransaction(chapter.bookId, (trx) =>
    changeTextIn(trx, { bookId: chapter.bookId, authorId: options.authorId, kind, countRule, snapshotId: options.snapshotId, rewrites: [rewrite] }, () => notWritten(trx, chapter, expectedVersion)),
  );
  if (next.content !== chapter.content) await followAtOnce(written);
  return written.chapters[0]!.chapter;
}

async function followAtOnce(written: WrittenText): Promise<void> {
  const subjectIds = written.chapters.map((c) => c.chapter.id);
  for (const consequence of CONSEQUENCES) {
    if (consequence.in !== "outbox" || !consequence.waitedForBySingleSaves || !consequence.engines.includes(engine)) continue;
    await drainOutbox({ topic: consequence.topic, subjectIds }).catch((error: unknown) => logFailure(error, `outbox: ${consequence.topic} after a save failed`));
  }
}

function versionConflict(expectedVersion: number, currentVersion: number | null): AppError {
  return new AppError(
    "version_conflict",
    `This chapter was saved elsewhere since version ${expectedVersion}; reload it, nothing was overwritten.`,
    { expectedVersion, currentVersion },
  );
}

/** Why a rewrite wrote nothing: the chapter went to the trash meanwhile (404, as any write to it), or another save won (409). */
async function notWritten(trx: Transaction<DB>, chapter: { id: string; bookId: string }, expectedVersion: number): Promise<AppError> {
  const now = await trx.selectFrom("Chapter").select(["version", "deletedAt"]).where("id", "=", chapter.id).executeTakeFirst();
  if (!now) return new AppError("not_found", "This chapter was deleted for good meanwhile; nothing was saved.");
  if (now.deletedAt) return chapterInTrash({ bookId: chapter.bookId, chapterId: chapter.id }, "This chapter was moved to the trash meanwhile; nothing was saved.");
  return versionConflict(expectedVersion, now.version);
}

/** Inserts chapters after the book's last one, in order, each as version 1. */
async function appendChapters(trx: Transaction<DB>, bookId: string, appends: NewChapter[], at: Date): Promise<WrittenChapter[]> {
  const last = await trx
    .selectFrom("Chapter")
    .select((eb) => eb.fn.max("position").as("position"))
    .where("bookId", "=", bookId)
    .where("deletedAt", "is", null)
    .executeTakeFirst();
  let position = last?.position ?? 0;
  const written: WrittenChapter[] = [];
  for (const { title, content, wordCount } of appends) {
    const chapter = { id: newId(), bookId, title, content, wordCount, version: 1, createdAt: at, updatedAt: at, position: ++position, partId: null };
    await trx.insertInto("Chapter").values(chapter).execute();
    written.push({ chapter: toChapterDto(chapter), wordCountBefore: 0, appended: true });
  }
  return written;
}

async function keepRevisions(trx: Transaction<DB>, { change, at, chapters }: WrittenText): Promise<void> {
  for (const { chapter, appended } of chapters) {
    const { id: chapterId, version, title, content, wordCount } = chapter;
    // Kept plain: most autosaves are thinned within minutes, so the maintenance sweep compresses
    // only the revisions that outlive the first window, off the save's time (decision 0482).
    await trx
      .insertInto("ChapterRevision")
      .values({ id: newId(), chapterId, version, title, content, compressedContent: null, wordCount, createdAt: at, kind: change.kind, changeSetId: change.changeSetId ?? null, authorId: change.authorId, snapshotId: change.snapshotId ?? null, suggestedById: change.suggestedById ?? null })
      .execute();
    if (!appended && version % THIN_EVERY_VERSIONS === 0) await thinRevisions(trx, chapterId, at);
  }
}

async function addTotals(trx: Transaction<DB>, { change, chapters }: WrittenText): Promise<void> {
  const words = chapters.reduce((sum, c) => sum + c.chapter.wordCount - c.wordCountBefore, 0);
  await addToBookTotals(trx, change.bookId, { words, chapters: chapters.filter((c) => c.appended).length });
}

async function moveComments(trx: Transaction<DB>, { at, chapters }: WrittenText): Promise<void> {
  const rewritten = chapters.filter((c) => !c.appended);
  await followText(trx, rewritten.map(({ chapter, contentBefore }) => ({ chapterId: chapter.id, before: contentBefore, after: chapter.content! })), at);
}

async function moveSuggestions(trx: Transaction<DB>, { chapters }: WrittenText): Promise<void> {
  const rewritten = chapters.filter((c) => !c.appended);
  await followTextWithSuggestions(trx, rewritten.map(({ chapter, contentBefore }) => ({ chapterId: chapter.id, before: contentBefore, after: chapter.content! })));
}

async function moveScenes(trx: Transaction<DB>, { change, at, chapters }: WrittenText): Promise<void> {
  const rewritten = chapters.filter((c) => !c.appended);
  await followTextWithScenes(trx, change.bookId, rewritten.map(({ chapter, contentBefore, scenes }) => ({ chapterId: chapter.id, before: contentBefore, after: chapter.content!, scenes })), at);
}

async function moveForeshadowings(trx: Transaction<DB>, { chapters }: WrittenText): Promise<void> {
  const rewritten = chapters.filter((c) => !c.appended);
  await followTextWithForeshadowings(trx, rewritten.map(({ chapter, contentBefore }) => ({ chapterId: chapter.id, before: contentBefore, after: chapter.content! })));
}

async function tellOverdue(trx: Transaction<DB>, { change, at, chapters }: WrittenText): Promise<void> {
  await tellOverdueForeshadowings(trx, { bookId: change.bookId, authorId: change.authorId, chapters: chapters.map((c) => ({ wordCountBefore: c.appended ? 0 : c.wordCountBefore, wordCountAfter: c.chapter.wordCount })) }, at);
}

/**
 * The author's day: typed or pasted words for a save, brought back for a restore, imported for an
 * upload or import. A book-wide replace and its undo are mechanical, not writing: they credit
 * nobody (as before issue 31), though their revisions still name who ran them. An accepted
 * suggestion credits nobody either: its accepter did not write the words, and its suggester's words
 * are not their own book's (decision 0496).
 */
async function creditLedger(trx: Transaction<DB>, { change, at, chapters }: WrittenText): Promise<void> {
  const entry: LedgerEntry = { written: 0, removed: 0, imported: 0, restored: 0 };
  for (const written of chapters) {
    const part =
      change.kind === "save" || change.kind === "restore"
        ? ledgerEntry(written.change ?? { added: 0, removed: 0 }, change.kind)
        : change.kind === "upload" || change.kind === "import"
          ? { written: 0, removed: 0, imported: written.chapter.wordCount, restored: 0 }
          : null;
    if (!part) continue;
    entry.written += part.written;
    entry.removed += part.removed;
    entry.imported += part.imported;
    entry.restored += part.restored;
  }
  await addToLedger(trx, { userId: change.authorId, bookId: change.bookId, at, ...entry });
}

async function leaveInOutbox(trx: Transaction<DB>, topics: readonly OutboxTopic[], { at, chapters }: WrittenText): Promise<void> {
  const rows = topics.flatMap((topic) => chapters.map(({ chapter }) => ({ topic, subjectId: chapter.id, createdAt: at })));
  for (let i = 0; i < rows.length; i += OUTBOX_ROWS_PER_INSERT) await trx.insertInto("Outbox").values(rows.slice(i, i + OUTBOX_ROWS_PER_INSERT)).execute();
}
