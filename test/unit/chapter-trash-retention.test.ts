import { expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { deleteChapter, purgeExpiredChapters } from "@/server/chapters/delete-chapter";
import { CHAPTER_TRASH_DAYS } from "@/server/chapters/limits.mjs";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { db } from "@/server/db";
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
  const trashedOld = (await db.chapter.findUniqueOrThrow({ where: { id: old.id } })).deletedAt!;
  await db.chapter.update({ where: { id: recent.id }, data: { deletedAt: new Date(trashedOld.getTime() + 24 * DAY) } });
  await purgeExpiredChapters(new Date(trashedOld.getTime() + (CHAPTER_TRASH_DAYS + 1) * DAY));

  expect(await db.chapter.findUnique({ where: { id: old.id } })).toBeNull();
  expect(await db.chapterRevision.count({ where: { chapterId: old.id } })).toBe(0);
  expect(await db.chapter.findUnique({ where: { id: recent.id } })).toMatchObject({ title: "Recent" });
  expect(await db.chapter.findUnique({ where: { id: kept.id } })).toMatchObject({ title: "Kept", deletedAt: null });
});
