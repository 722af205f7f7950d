import type { Transaction } from "kysely";
import { bookActionOf, OPERATIONS, type Operation } from "../auth/scopes";
import { sql } from "../db";
import type { DB } from "../generated/kysely/database";
import { toJobDto } from "../jobs/job-dto";
import { jobQueue } from "../jobs/job-queue";
import { wakeWebhookDeliveries } from "./deliver";
import { eventIdOf, newEventId, queueEvent } from "./events";

/**
 * The events, each announced where its write happens (decision 0474): a book's in the
 * transaction that makes or deletes it; a chapter's and a job's from the outbox, whose row the
 * write left in its own transaction (the text command's `webhooks` consequence; the job queue's
 * `job-finished` row). So a write that was acknowledged never loses its event to a crash, and an
 * outbox run repeated after one announces the same event id again, which queues nothing new.
 */

const bookLink = (bookId: string) => `/api/v1/books/${bookId}`;

/** book.created, in the transaction that made the book: only its owner's hooks hear of it. */
export async function announceBookCreated(trx: Transaction<DB>, book: { id: string; title: string; ownerId: string; createdAt: Date }): Promise<void> {
  await queueEvent(trx, {
    id: newEventId(),
    type: "book.created",
    occurredAt: book.createdAt,
    audience: { book: { id: book.id, action: "read" } },
    data: { book: { id: book.id, title: book.title, ownerId: book.ownerId }, links: { book: bookLink(book.id) } },
  });
}

/** book.deleted, in the transaction that trashed or purged it, before the purge forgets its title: everyone who could read it hears of it. */
export async function announceBookDeleted(trx: Transaction<DB>, book: { id: string; title: string }, permanent: boolean, at: Date): Promise<void> {
  await queueEvent(trx, {
    id: newEventId(),
    type: "book.deleted",
    occurredAt: at,
    audience: { book: { id: book.id, action: "read" } },
    data: { book: { id: book.id, title: book.title }, permanent },
  });
}

/**
 * chapter.saved, for the chapter as it stands when the outbox gets to it: saves made while the
 * writer kept typing are one event, for the version reached (its id is the chapter's and that
 * version's). A chapter since trashed or deleted announces nothing. Who hears of it is whoever may
 * read the chapter: a beta reader, once it is released.
 */
export async function announceChapterSaved(chapterId: string): Promise<void> {
  const chapter = await sql
    .selectFrom("Chapter")
    .innerJoin("Book", "Book.id", "Chapter.bookId")
    .select(["Chapter.id", "Chapter.bookId", "Chapter.title", "Chapter.version", "Chapter.wordCount", "Chapter.updatedAt", "Chapter.releasedAt", "Chapter.deletedAt", "Book.title as bookTitle", "Book.deletedAt as bookDeletedAt"])
    .where("Chapter.id", "=", chapterId)
    .executeTakeFirst();
  if (!chapter || chapter.deletedAt || chapter.bookDeletedAt) return;
  const revision = await sql
    .selectFrom("ChapterRevision")
    .select(["authorId", "kind"])
    .where("chapterId", "=", chapterId)
    .where("version", "=", chapter.version)
    .executeTakeFirst();
  const queued = await queueEvent(sql, {
    id: eventIdOf("chapter.saved", chapter.id, String(chapter.version)),
    type: "chapter.saved",
    occurredAt: chapter.updatedAt,
    audience: { book: { id: chapter.bookId, action: "read", chapter: { releasedAt: chapter.releasedAt } } },
    data: {
      book: { id: chapter.bookId, title: chapter.bookTitle },
      chapter: { id: chapter.id, title: chapter.title, version: chapter.version, wordCount: chapter.wordCount, updatedAt: chapter.updatedAt.toISOString() },
      savedBy: revision?.authorId ?? null,
      change: revision?.kind ?? null,
      links: { chapter: `${bookLink(chapter.bookId)}/chapters/${chapter.id}` },
    },
  });
  if (queued > 0) wakeWebhookDeliveries();
}

const isOperation = (name: string): name is Operation => Object.hasOwn(OPERATIONS, name);

/**
 * job.succeeded, job.failed or job.cancelled, once the job has ended: its owner's hooks hear of it
 * and, for a job made for a book, only while the owner may still do on the book what queued it.
 */
export async function announceJobFinished(jobId: string): Promise<void> {
  const job = await jobQueue.get(jobId);
  if (!job || (job.status !== "succeeded" && job.status !== "failed" && job.status !== "cancelled")) return;
  const action = job.bookId !== null && job.bookOperation !== null && isOperation(job.bookOperation) ? bookActionOf(job.bookOperation) : undefined;
  // A job made for a book by an operation this version no longer knows fails closed: nobody hears.
  if (job.bookId !== null && !action) return;
  const queued = await queueEvent(sql, {
    id: eventIdOf("job", job.id, job.status),
    type: `job.${job.status}`,
    occurredAt: job.finishedAt ?? new Date(),
    audience: { userIds: [job.ownerId], ...(job.bookId !== null && action && { book: { id: job.bookId, action } }) },
    data: { job: toJobDto(job) },
  });
  if (queued > 0) wakeWebhookDeliveries();
}
