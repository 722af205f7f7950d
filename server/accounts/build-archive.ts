import { foreshadowingsOf, summaryOf } from "../foreshadowing/foreshadowings";
import { toLabelDto, toPlotlineDto } from "../plan/named";
import { plansOf } from "../plan/plans";
import { sceneSpans } from "../scenes/places";
import { selectTemplates, toTemplateDto } from "../analysis/templates";
import { toEntryDtos, visibleEntries } from "../bible/entries";
import { relationsOf } from "../bible/relations";
import { seriesDtos } from "../bible/series";
import { readBookCover } from "../books/cover";
import { bookColumns, toBookDto, type BookRow } from "../books/schemas";
import { revisionText, revisionTextColumns } from "../chapters/revision-text";
import { writeDocument } from "../convert/engine";
import { bookDocument } from "../convert/export-book";
import { safeName } from "../convert/file-name";
import { CONVERSION_TIMEOUT_MS } from "../convert/time-limit";
import { sql } from "../db";
import { AppError } from "../errors";
import { dayIn } from "../goals/calendar";
import { bookGoalOf } from "../goals/get-book-goal";
import { toGoalSettings } from "../goals/get-settings";
import { membersOf } from "../members/members";
import { PICTURE_STORES, readPicture } from "../pictures/stored-picture";
import { pictureExtension } from "../pictures/schemas";
import { releasePlanOf } from "../releases/get-plan";
import { toTokenDto, tokenColumns } from "../tokens/schemas";
import { toWebhookDto, webhookColumns } from "../webhooks/webhooks";
import { ArchiveZip } from "./archive-zip";
import { ARCHIVE_README } from "./archive-readme";
import { ACCOUNT_ARCHIVE_MAX_BYTES, ARCHIVE_FORMAT_VERSION } from "./schemas";

/** How a running archive reports and stops: the job's context. */
export interface ArchiveContext {
  signal?: AbortSignal;
  reportProgress?(fraction: number): Promise<void>;
}

export interface AccountArchive {
  bytes: Uint8Array;
  name: string;
  /** what it holds, as the job's result */
  summary: { books: number; chapters: number; revisions: number; memberships: number; bytes: number };
}

type OwnedBook = BookRow & { deadline: string | null; seriesId: string | null; seriesPosition: number | null };

/**
 * Everything an account owns as one zip (issue 34 item 6, decision 0484), read from the database
 * when the job runs: the profile, ledger, series, tokens, webhooks and templates in account.json;
 * per book its attributes, chapters as Markdown, the EPUB the export writes, every revision, the
 * story bible with its pictures, and the cover. Books in the trash are in it, marked; purged ones
 * are not; other writers' books the account is a member of are listed, never copied.
 */
export async function buildAccountArchive(userId: string, context: ArchiveContext = {}): Promise<AccountArchive> {
  const user = await sql
    .selectFrom("User")
    .select(["id", "email", "name", "role", "timeZone", "dailyGoal", "sessionGoal", "daysOff", "minimumBufferDays", "createdAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new AppError("not_found", "This account no longer exists.");
  const now = new Date();
  const zip = new ArchiveZip(ACCOUNT_ARCHIVE_MAX_BYTES, context.signal);
  await zip.add("README.txt", ARCHIVE_README);

  const books: OwnedBook[] = await sql
    .selectFrom("Book")
    .select([...bookColumns, "deadline", "seriesId", "seriesPosition"])
    .where("ownerId", "=", userId)
    .where("purgedAt", "is", null)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
  const bookFolders = numberedNames(books.map((book) => book.title)).map((name) => `books/${name}`);

  // Series first: their entries' pictures live once, in the series' folder, whichever books see them.
  const seriesRows = await sql.selectFrom("Series").select(["id", "ownerId", "title", "description", "createdAt", "updatedAt"]).where("ownerId", "=", userId).orderBy("createdAt").orderBy("id").execute();
  const seriesFolders = numberedNames(seriesRows.map((series) => series.title)).map((name) => `series/${name}`);
  const pictureFiles = new Map<string, string>();
  const series = [];
  for (const [index, row] of (await seriesDtos(seriesRows)).entries()) {
    const entries = await sql.selectFrom("BibleEntry").selectAll().where("seriesId", "=", row.id).orderBy("name").orderBy("id").execute();
    await addPictures(zip, `${seriesFolders[index]}/bible`, entries, pictureFiles);
    // A picture's address in the API goes through a book; here the file beside it stands instead.
    const dtos = await toEntryDtos(row.books[0]?.id ?? "", entries);
    series.push({
      ...row,
      entries: dtos.map(({ picture, ...entry }) => ({ ...entry, picture: picture && { mediaType: picture.mediaType, size: picture.size, updatedAt: picture.updatedAt }, pictureFile: pictureFiles.get(entry.id) ?? null })),
    });
  }

  let chapterCount = 0;
  let revisionCount = 0;
  for (const [index, book] of books.entries()) {
    const counted = await addBook(zip, bookFolders[index]!, book, user.id, pictureFiles, context);
    chapterCount += counted.chapters;
    revisionCount += counted.revisions;
    await context.reportProgress?.((index + 1) / (books.length + 1));
  }

  const memberships = await sql
    .selectFrom("BookMember")
    .innerJoin("Book", "Book.id", "BookMember.bookId")
    .innerJoin("User as owner", "owner.id", "Book.ownerId")
    .select(["Book.id as bookId", "Book.title", "BookMember.role", "BookMember.createdAt", "Book.deletedAt", "owner.name as ownerName", "owner.email as ownerEmail"])
    .where("BookMember.userId", "=", userId)
    .where("Book.purgedAt", "is", null)
    .orderBy("BookMember.createdAt")
    .orderBy("Book.id")
    .execute();
  await zip.addJson("account.json", {
    format: "inkstone-account-archive",
    version: ARCHIVE_FORMAT_VERSION,
    createdAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role === "admin" ? "admin" : "writer",
      createdAt: user.createdAt.toISOString(),
      goals: toGoalSettings(user),
    },
    books: books.map((book, index) => ({ id: book.id, title: book.title, folder: bookFolders[index], deleted: book.deletedAt !== null })),
    series,
    memberships: memberships.map((m) => ({
      bookId: m.bookId,
      title: m.title,
      role: m.role,
      owner: { name: m.ownerName, email: m.ownerEmail },
      since: m.createdAt.toISOString(),
      deleted: m.deletedAt !== null,
    })),
    writingDays: await writingDays(userId),
    tokens: await tokens(userId, now),
    webhooks: await webhooks(userId),
    analysisTemplates: await templates(userId),
  });

  const bytes = zip.finish();
  await context.reportProgress?.(1);
  return {
    bytes,
    name: `inkstone-${safeName(user.email.split("@")[0]!, "account").replaceAll(" ", "-")}-${dayIn(user.timeZone, now)}.zip`,
    summary: { books: books.length, chapters: chapterCount, revisions: revisionCount, memberships: memberships.length, bytes: bytes.byteLength },
  };
}

/** One book's folder: book.json, its chapters, the EPUB, revisions.json, bible.json with pictures, the cover. */
async function addBook(zip: ArchiveZip, folder: string, book: OwnedBook, userId: string, seriesPictures: ReadonlyMap<string, string>, context: ArchiveContext) {
  // The book's order; chapters in the trash after them, in a folder of their own.
  const chapters = await sql
    .selectFrom("Chapter")
    .select(["id", "title", "position", "content", "wordCount", "version", "createdAt", "updatedAt", "deletedAt", "releaseDate", "releasedAt"])
    .where("bookId", "=", book.id)
    .orderBy((eb) => eb.case().when("deletedAt", "is", null).then(0).else(1).end())
    .orderBy("position")
    .orderBy("id")
    .execute();
  const chapterFiles = numberedNames(chapters.map((c) => c.title || "Untitled")).map((name, i) => `${folder}/chapters/${chapters[i]!.deletedAt ? "trash/" : ""}${name}.md`);
  for (const [index, chapter] of chapters.entries()) await zip.add(chapterFiles[index]!, chapter.content);

  const epub = await bookEpub(book, userId, context);
  const epubFile = `${folder}/${safeName(book.title, "book")}.epub`;
  if (epub.bytes) await zip.add(epubFile, epub.bytes, { stored: true });

  let revisions = 0;
  const history = [];
  for (const chapter of chapters) {
    const rows = await sql
      .selectFrom("ChapterRevision")
      .select(["version", "title", "kind", "wordCount", "authorId", "createdAt", ...revisionTextColumns])
      .where("chapterId", "=", chapter.id)
      .orderBy("version")
      .execute();
    const kept = [];
    for (const row of rows) {
      kept.push({ version: row.version, title: row.title, kind: row.kind, createdAt: row.createdAt.toISOString(), wordCount: row.wordCount, authorId: row.authorId, content: await revisionText(row) });
    }
    revisions += kept.length;
    history.push({ chapterId: chapter.id, title: chapter.title, revisions: kept });
  }
  await zip.addJson(`${folder}/revisions.json`, history);

  const bibleBook = { ...book, seriesId: book.seriesId };
  const entries = await visibleEntries(sql, bibleBook).selectAll().orderBy("name").orderBy("id").execute();
  const pictures = new Map(seriesPictures);
  await addPictures(
    zip,
    `${folder}/bible`,
    entries.filter((entry) => entry.seriesId === null),
    pictures,
  );
  await zip.addJson(`${folder}/bible.json`, {
    entries: (await toEntryDtos(book.id, entries)).map((entry) => ({ ...entry, pictureFile: pictures.get(entry.id) ?? null })),
    relations: await relationsOf(bibleBook),
  });

  const structure = await addStructure(zip, folder, book.id, chapters);

  const coverFile = book.coverMediaType ? `${folder}/cover.${pictureExtension(book.coverMediaType)}` : null;
  if (coverFile) await zip.add(coverFile, await readBookCover(book.id), { stored: true });

  await zip.addJson(`${folder}/book.json`, {
    ...toBookDto(book, "owner"),
    deadline: book.deadline,
    series: book.seriesId ? { id: book.seriesId, position: book.seriesPosition } : null,
    goal: await bookGoalOf(book, userId),
    releasePlan: await releasePlanOf(book.id, userId),
    members: await membersOf(book),
    chapters: chapters.map((c, index) => ({
      id: c.id,
      title: c.title,
      position: c.position,
      wordCount: c.wordCount,
      version: c.version,
      createdAt: c.createdAt.toISOString(),
      updatedAt: c.updatedAt.toISOString(),
      deleted: c.deletedAt !== null,
      deletedAt: c.deletedAt?.toISOString() ?? null,
      releaseDate: c.releaseDate,
      releasedAt: c.releasedAt?.toISOString() ?? null,
      file: chapterFiles[index],
    })),
    files: { epub: epub.bytes ? epubFile : null, epubError: epub.error, revisions: `${folder}/revisions.json`, bible: `${folder}/bible.json`, cover: coverFile, ...structure },
  });
  return { chapters: chapters.length, revisions };
}

/**
 * The book's structure and plan (issue 35, decision 0508), JSON beside the text as the bible is:
 * plan.json holds its parts, its scenes (id, title, place among the chapter's scenes, and the
 * stretch of the chapter's text each is, which the Markdown file beside it holds), the plotlines and
 * labels, and every plan with its links (POV, characters, labels, plotlines) keyed by what it plans;
 * foreshadowing.json is the board as the API gives it, each with its status derived now.
 */
async function addStructure(zip: ArchiveZip, folder: string, bookId: string, chapters: readonly { id: string; content: string }[]) {
  const [parts, scenes, plotlines, labels, plans, board] = await Promise.all([
    sql.selectFrom("Part").select(["id", "title", "position", "createdAt", "updatedAt"]).where("bookId", "=", bookId).orderBy("position").execute(),
    sql.selectFrom("Scene").select(["id", "chapterId", "position", "title", "createdAt", "updatedAt"]).where("bookId", "=", bookId).orderBy("chapterId").orderBy("position").execute(),
    sql.selectFrom("Plotline").selectAll().where("bookId", "=", bookId).orderBy("position").orderBy("createdAt").execute(),
    sql.selectFrom("Label").selectAll().where("bookId", "=", bookId).orderBy("name").execute(),
    plansOf(sql, bookId),
    foreshadowingsOf(sql, bookId),
  ]);
  const partOf = new Map((await sql.selectFrom("Chapter").select(["id", "partId"]).where("bookId", "=", bookId).execute()).map((c) => [c.id, c.partId]));
  const spans = new Map(chapters.map((c) => [c.id, sceneSpans(c.content)]));
  const files = { plan: `${folder}/plan.json`, foreshadowing: `${folder}/foreshadowing.json` };
  await zip.addJson(files.plan, {
    parts: parts.map((part) => ({ ...part, createdAt: part.createdAt.toISOString(), updatedAt: part.updatedAt.toISOString() })),
    chapterParts: Object.fromEntries([...partOf].filter(([, partId]) => partId !== null)),
    scenes: scenes.map((scene) => {
      const span = spans.get(scene.chapterId)?.[scene.position - 1];
      return { ...scene, start: span?.start ?? null, end: span?.end ?? null, createdAt: scene.createdAt.toISOString(), updatedAt: scene.updatedAt.toISOString() };
    }),
    plotlines: plotlines.map(toPlotlineDto),
    labels: labels.map(toLabelDto),
    plans: Object.fromEntries(plans),
  });
  await zip.addJson(files.foreshadowing, { summary: summaryOf(board.items, board.order), items: board.items });
  return files;
}

/**
 * The book as its EPUB export writes it (the same document model, through the worker pool). A book
 * the EPUB writer refuses (a conversion that runs out of time) is named in book.json rather than
 * losing the whole archive: its text is in the archive either way.
 */
async function bookEpub(book: BookRow, userId: string, context: ArchiveContext): Promise<{ bytes: Uint8Array | null; error: string | null }> {
  const { model } = await bookDocument(book, { cover: true });
  if (model.chapters.length === 0) return { bytes: null, error: "The book has no chapters outside the trash." };
  try {
    const written = await writeDocument(model, "epub", { timeoutMs: CONVERSION_TIMEOUT_MS, signal: context.signal, owner: userId });
    return { bytes: written.bytes, error: null };
  } catch (error) {
    if (!(error instanceof AppError) || context.signal?.aborted) throw error;
    return { bytes: null, error: error.message };
  }
}

/** Each entry's picture as a file under `folder`, its path remembered by entry id. */
async function addPictures(zip: ArchiveZip, folder: string, entries: readonly { id: string; name: string; pictureMediaType: string | null }[], files: Map<string, string>): Promise<void> {
  const pictured = entries.filter((entry) => entry.pictureMediaType !== null);
  const names = numberedNames(pictured.map((entry) => entry.name));
  for (const [index, entry] of pictured.entries()) {
    const file = `${folder}/${names[index]}.${pictureExtension(entry.pictureMediaType!)}`;
    await zip.add(file, await readPicture(PICTURE_STORES.entryPicture, entry.id), { stored: true });
    files.set(entry.id, file);
  }
}

async function writingDays(userId: string) {
  const rows = await sql
    .selectFrom("WritingDay")
    .select(["day", "bookId", "written", "removed", "imported", "restored", "wordCount", "updatedAt"])
    .where("userId", "=", userId)
    .orderBy("day")
    .orderBy("bookId")
    .execute();
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() }));
}

/** The tokens that still work, as the Tokens page lists them: names, scopes and times, never a token or its hash. */
async function tokens(userId: string, now: Date) {
  const rows = await sql
    .selectFrom("Token")
    .select(tokenColumns)
    .where("userId", "=", userId)
    .where("revokedAt", "is", null)
    .where("rotatedAt", "is", null)
    .where((eb) => eb.or([eb("expiresAt", ">", now), eb("refreshExpiresAt", ">", now)]))
    .orderBy("createdAt")
    .execute();
  // `current` says which token made a request: an archive is made by none.
  return rows.map((row) => omit(toTokenDto(row, null), "current"));
}

/** The account's webhooks: where they post and what they hear, never their signing secret. */
async function webhooks(userId: string) {
  const rows = await sql.selectFrom("Webhook").select(webhookColumns).where("ownerId", "=", userId).orderBy("createdAt").execute();
  // Their API addresses mean nothing in a file.
  return rows.map((row) => omit(toWebhookDto(row), "links"));
}

/** The analysis templates the account wrote, drafts and published ones alike. */
async function templates(userId: string) {
  const [rows, installs] = await Promise.all([
    selectTemplates().where("AnalysisTemplate.authorId", "=", userId).orderBy("AnalysisTemplate.createdAt").execute(),
    sql.selectFrom("AnalysisInstall").select("templateId").where("userId", "=", userId).execute(),
  ]);
  const installed = new Set(installs.map((row) => row.templateId));
  return rows.map((row) => toTemplateDto(row, installed.has(row.id)));
}

function omit<T extends object, K extends keyof T>(value: T, key: K): Omit<T, K> {
  const rest: Partial<T> = { ...value };
  delete rest[key];
  return rest as Omit<T, K>;
}

/**
 * Names for a list of titles, numbered in order so that two alike stay apart and the order shows in
 * a file manager: `01-The Long Tide`. A title is made a safe name (no separators or control
 * characters) and kept short; the number in front keeps `..` or an empty title harmless.
 */
export function numberedNames(titles: readonly string[]): string[] {
  const width = Math.max(2, String(titles.length).length);
  return titles.map((title, index) => {
    let name = safeName(title, "untitled").slice(0, 60).trimEnd();
    // Windows refuses a name that ends in a dot.
    while (name.endsWith(".")) name = name.slice(0, -1).trimEnd();
    return `${String(index + 1).padStart(width, "0")}-${name || "untitled"}`;
  });
}
