// The body of bench/ledger.mjs, bundled by it with esbuild and run on a fresh SQLite database it
// has migrated (see that file). It measures, in one process and one run, what the writing ledger
// adds to a save and how long a year of history takes to load.
import { createBook } from "@/server/books/create-book";
import { loadChapter } from "@/server/chapters/load-chapter";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql, sqlTransaction } from "@/server/db";
import { addDays } from "@/server/goals/calendar";
import { getHistory } from "@/server/goals/get-history";
import { getToday } from "@/server/goals/get-today";
import { addToLedger } from "@/server/goals/ledger";
import { wordChangeOf } from "@/server/text/count-task";
import { countProse } from "@/server/text/prose";
import { createUser } from "@/server/users/create-user";
import { scopesForRole } from "@/server/auth/scopes";
import type { Principal } from "@/server/auth/principal";
import { typedProse } from "./typed-prose";

const { sentence, typed } = typedProse(42);

/** ~3,000 words in paragraphs of ~60, under a heading, as bench/api's chapters. */
function chapterText(): string {
  const paragraphs = ["# A chapter"];
  for (let words = 0; words < 3000; words += 60) paragraphs.push(`${sentence(60)}.`);
  return paragraphs.join("\n\n");
}

function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function perCall(times: number, work: (i: number) => Promise<unknown>): Promise<number> {
  const start = cpuMs();
  for (let i = 0; i < times; i++) await work(i);
  return (cpuMs() - start) / times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export async function run(saves: number): Promise<Record<string, number>> {
  const user = await createUser({ email: "bench@example.com", password: "long enough password", name: "bench" }, null, null);
  const writer: Principal = { userId: user.id, scopes: new Set(scopesForRole(user.role)), tokenId: null };
  const book = await createBook({ title: "Bench", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
  const chapters: { id: string; version: number; content: string; wordCount: number }[] = [];
  for (let i = 0; i < 20; i++) {
    const content = chapterText();
    const chapter = await uploadChapter({ bookId: book.id, content }, writer);
    chapters.push({ id: chapter.id, version: 1, content, wordCount: chapter.wordCount });
  }
  const save = async (i: number) => {
    const chapter = chapters[i % chapters.length]!;
    const content = typed(chapter.content);
    const saved = await saveChapter({ bookId: book.id, chapterId: chapter.id, version: chapter.version, content }, writer);
    Object.assign(chapter, { version: saved.version, content, wordCount: saved.wordCount });
  };
  await perCall(200, save); // warm-up: JIT, statement caches

  const saveMs = await perCall(saves, save);

  // The ledger's own work in a save, each part as the save does it, over the same kind of edits.
  const ids = (i: number) => ({ bookId: book.id, chapterId: chapters[i % chapters.length]!.id });
  const withText = await perCall(saves, (i) => loadChapter(writer, ids(i), "chapters.save"));
  const withoutText = await perCall(saves, (i) => loadChapter(writer, ids(i), "chapters.save", { withContent: false }));
  const edits = chapters.map((c) => ({ before: c.content, after: typed(c.content) }));
  const counted = edits.map((e) => ({ before: countProse(e.before, "words"), after: countProse(e.after, "words") }));
  const diffMs = await perCall(saves, (i) => {
    const k = i % edits.length;
    return wordChangeOf(edits[k]!.before, edits[k]!.after, "words", counted[k]!, writer.userId);
  });
  const entry = { userId: writer.userId, bookId: book.id, written: 7, removed: 1, imported: 0, restored: 0 };
  // Against a transaction that writes too (a save's always does): the ledger's statements add to
  // a commit, they do not make one.
  const touchBook = (trx: Parameters<Parameters<typeof sqlTransaction>[0]>[0]) =>
    trx.updateTable("Book").set({ updatedAt: new Date() }).where("id", "=", book.id).execute();
  const ledgerTrx = await perCall(saves, () =>
    sqlTransaction(async (trx) => {
      await touchBook(trx);
      await addToLedger(trx, { ...entry, at: new Date() });
    }),
  );
  const emptyTrx = await perCall(saves, () => sqlTransaction(touchBook));
  const ledgerMs = withText - withoutText + diffMs + (ledgerTrx - emptyTrx);

  // A year of history: one writer's 365 days over 3 books, among 200 other writers' years.
  const today = (await getToday(writer)).date;
  const rows: { userId: string; bookId: string; day: string; written: number; removed: number; imported: number; restored: number; wordCount: number; updatedAt: Date }[] = [];
  // Inserted directly: sign-up is rate limited, and only their rows matter here.
  const others = Array.from({ length: 200 }, (_, w) => `other-${w}`);
  const now = new Date();
  await sql
    .insertInto("User")
    .values(others.map((id) => ({ id, email: `${id}@example.com`, passwordHash: "-", createdAt: now, updatedAt: now })))
    .execute();
  for (const userId of [writer.userId, ...others]) {
    for (let d = 0; d < 365; d++) {
      for (let b = 0; b < 3; b++) {
        rows.push({ userId, bookId: `book-${b}`, day: addDays(today, -d - 1), written: 500 + d, removed: 20, imported: 0, restored: 0, wordCount: 1000 * d, updatedAt: new Date() });
      }
    }
  }
  for (let i = 0; i < rows.length; i += 500) await sql.insertInto("WritingDay").values(rows.slice(i, i + 500)).execute();
  await getHistory({}, writer);
  const historyWall: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    await getHistory({}, writer);
    historyWall.push(performance.now() - start);
  }
  const todayWall: number[] = [];
  for (let i = 0; i < 30; i++) {
    const start = performance.now();
    await getToday(writer);
    todayWall.push(performance.now() - start);
  }
  return {
    saveMs,
    ledgerMs,
    beforeMs: saveMs - ledgerMs,
    readTextMs: withText - withoutText,
    diffMs,
    ledgerStatementsMs: ledgerTrx - emptyTrx,
    historyMs: median(historyWall),
    todayMs: median(todayWall),
    ledgerRows: rows.length,
  };
}
