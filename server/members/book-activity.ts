import type { Principal } from "../auth/principal";
import { authorize } from "../auth/scopes";
import type { BookRole } from "../auth/book-roles";
import { loadBook } from "../books/access";
import { sql } from "../db";
import { addDays, dayIn } from "../goals/calendar";
import { shownName } from "../users/shown-name";
import { membersOf } from "./members";
import type { BookActivityDto, PersonActivityDto } from "./schemas";

// GET /api/v1/books/{bookId}/activity — who did what on the book (issue 36 item 6)
export async function bookActivity(input: { bookId: string; days?: number }, principal: Principal): Promise<BookActivityDto> {
  authorize(principal, "members.activity");
  const book = await loadBook(principal, input.bookId, "members.activity");
  const since = addDays(dayIn("UTC", new Date()), -((input.days ?? 30) - 1));
  const [members, writing, comments, suggestions, chapters] = await Promise.all([
    membersOf(book),
    writingSince(book.id, since),
    commentsSince(book.id, since),
    suggestionsSince(book.id, since),
    chapterHands(book.id),
  ]);

  const people = new Map<string, PersonActivityDto>();
  const person = (userId: string, name: string, role: BookRole | null) =>
    people.get(userId) ?? people.set(userId, { userId, name, role, written: 0, removed: 0, imported: 0, restored: 0, lastWrote: null, comments: 0, suggested: 0, suggestionsAccepted: 0 }).get(userId)!;
  for (const member of members) person(member.userId, shownName(member), member.role);
  for (const day of writing) {
    const someone = person(day.userId, shownName(day), null);
    someone.written += Number(day.written);
    someone.removed += Number(day.removed);
    someone.imported += Number(day.imported);
    someone.restored += Number(day.restored);
    someone.lastWrote = day.lastWrote;
  }
  for (const row of comments) if (row.authorId) person(row.authorId, shownName(row), null).comments = Number(row.comments);
  for (const row of suggestions) {
    if (!row.authorId) continue;
    const someone = person(row.authorId, shownName(row), null);
    someone.suggested = Number(row.suggested);
    someone.suggestionsAccepted = Number(row.accepted);
  }

  return {
    since,
    people: [...people.values()],
    chapters: chapters.map((chapter) => ({
      chapterId: chapter.chapterId,
      version: chapter.version,
      authorId: chapter.authorId,
      authorName: chapter.authorId ? shownName(chapter) : null,
      changedAt: chapter.changedAt.toISOString(),
    })),
  };
}

/** Each person's days of writing in the book since the day (their own zone's days, as the ledger keeps them). */
function writingSince(bookId: string, since: string) {
  return sql
    .selectFrom("WritingDay")
    .innerJoin("User", "User.id", "WritingDay.userId")
    .select((eb) => [
      "WritingDay.userId",
      "User.name",
      "User.email",
      eb.fn.sum<number | string>("WritingDay.written").as("written"),
      eb.fn.sum<number | string>("WritingDay.removed").as("removed"),
      eb.fn.sum<number | string>("WritingDay.imported").as("imported"),
      eb.fn.sum<number | string>("WritingDay.restored").as("restored"),
      eb.fn.max("WritingDay.day").as("lastWrote"),
    ])
    .where("WritingDay.bookId", "=", bookId)
    .where("WritingDay.day", ">=", since)
    .groupBy(["WritingDay.userId", "User.name", "User.email"])
    .orderBy("WritingDay.userId")
    .execute();
}

/** How many comments (openings and replies) each person wrote on the book's threads since the day began (UTC). */
function commentsSince(bookId: string, since: string) {
  return sql
    .selectFrom("Comment")
    .innerJoin("CommentThread", "CommentThread.id", "Comment.threadId")
    .innerJoin("User", "User.id", "Comment.authorId")
    .select((eb) => ["Comment.authorId", "User.name", "User.email", eb.fn.countAll<number | string>().as("comments")])
    .where("CommentThread.bookId", "=", bookId)
    .where("Comment.createdAt", ">=", new Date(`${since}T00:00:00Z`))
    .groupBy(["Comment.authorId", "User.name", "User.email"])
    .orderBy("Comment.authorId")
    .execute();
}

/** How many edits each person suggested on the book since the day began (UTC), and how many of those were accepted. */
function suggestionsSince(bookId: string, since: string) {
  return sql
    .selectFrom("Suggestion")
    .innerJoin("User", "User.id", "Suggestion.authorId")
    .select((eb) => [
      "Suggestion.authorId",
      "User.name",
      "User.email",
      eb.fn.countAll<number | string>().as("suggested"),
      eb.fn.sum<number | string>(eb.case().when("Suggestion.state", "=", "accepted").then(1).else(0).end()).as("accepted"),
    ])
    .where("Suggestion.bookId", "=", bookId)
    .where("Suggestion.createdAt", ">=", new Date(`${since}T00:00:00Z`))
    .groupBy(["Suggestion.authorId", "User.name", "User.email"])
    .orderBy("Suggestion.authorId")
    .execute();
}

/** Who wrote each chapter's current version: the revision of that version names its author. */
function chapterHands(bookId: string) {
  return sql
    .selectFrom("Chapter")
    .leftJoin("ChapterRevision", (join) => join.onRef("ChapterRevision.chapterId", "=", "Chapter.id").onRef("ChapterRevision.version", "=", "Chapter.version"))
    .leftJoin("User", "User.id", "ChapterRevision.authorId")
    .select(["Chapter.id as chapterId", "Chapter.version", "ChapterRevision.authorId", "User.name", "User.email", "Chapter.updatedAt as changedAt"])
    .where("Chapter.bookId", "=", bookId)
    .where("Chapter.deletedAt", "is", null)
    .orderBy("Chapter.position")
    .execute();
}
