// @module-tag postgres
import { expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { deleteChapter, purgeExpiredChapters } from "@/server/chapters/delete-chapter";
import { CHAPTER_TRASH_DAYS } from "@/server/chapters/limits.mjs";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { newWriter } from "../support/principals";

const DAY = 24 * 60 * 60 * 1000;

it(`deletes for good a chapter that waited in the trash over ${CHAPTER_TRASH_DAYS} days, with its history, and keeps younger ones`, async () => {
  const ada = await newWriter("ada");
  const book = await createBook({ title: "Snow", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, ada);
  const old = await uploadChapter({ bookId: book.id, content: "# Old\n\nTrashed long ago." }, ada);
  const recent = await uploadChapter({ bookId: book.id, content: "# Recent\n\nTrashed last week." }, ada);
  const kept = await uploadChapter({ bookId: book.id, content: "# Kept\n\nStill in the book." }, ada);
  await deleteChapter({ bookId: book.id, chapterId: old.id }, ada);
  await deleteChapter({ bookId: book.id, chapterId: recent.id }, ada);

  // The sweep runs with a clock a month and a day ahead of the first trashing, a week after the second.
  const trashedOld = (await sql.selectFrom("Chapter").select("deletedAt").where("id", "=", old.id).executeTakeFirstOrThrow()).deletedAt!;
  await sql.updateTable("Chapter").set({ deletedAt: new Date(trashedOld.getTime() + 24 * DAY) }).where("id", "=", recent.id).execute();
  await purgeExpiredChapters(new Date(trashedOld.getTime() + (CHAPTER_TRASH_DAYS + 1) * DAY));

  expect(await sql.selectFrom("Chapter").selectAll().where("id", "=", old.id).executeTakeFirst()).toBeUndefined();
  expect(await sql.selectFrom("ChapterRevision").select("id").where("chapterId", "=", old.id).execute()).toEqual([]);
  expect(await sql.selectFrom("Chapter").selectAll().where("id", "=", recent.id).executeTakeFirst()).toMatchObject({ title: "Recent" });
  expect(await sql.selectFrom("Chapter").selectAll().where("id", "=", kept.id).executeTakeFirst()).toMatchObject({ title: "Kept", deletedAt: null });
});
