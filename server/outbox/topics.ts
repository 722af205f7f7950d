import { rescanChapterMentions } from "../bible/mention-index";
import { env } from "../env";
import { JOB_FINISHED_TOPIC } from "../jobs/queue";
import { INVITATION_EMAIL_TOPIC, mailInvitation } from "../members/mail-invitation";
import { mailNotification } from "../inbox/mail-notification";
import { NOTIFICATION_EMAIL_TOPIC } from "../inbox/notify";
import { indexChapterForSearch } from "../search/index-chapter";
import { announceChapterSaved, announceJobFinished } from "../webhooks/announce";

/**
 * What each kind of outbox row asks for, and the function that does it for one subject. Each must
 * be safe to run again (a crash or a lost claim repeats it) and read the current state itself, so
 * that one run stands for every row of its subject written before it started.
 */
export const OUTBOX_TOPICS = {
  /** a chapter's title or text changed: index it for the library search (SQLite) */
  "chapter-search": indexChapterForSearch,
  /** a chapter's text changed: find the story bible's names in it again */
  "chapter-mentions": rescanChapterMentions,
  /** a chapter's text changed: tell the webhooks that listen (chapter.saved, once the writer pauses) */
  "chapter-webhooks": announceChapterSaved,
  /** a job ended (the queue writes this row with the outcome): tell the webhooks that listen */
  [JOB_FINISHED_TOPIC]: announceJobFinished,
  /** an e-mail invitation was made (the row is written in its transaction): send its e-mail */
  [INVITATION_EMAIL_TOPIC]: mailInvitation,
  /** someone was told of a comment (the row is written with it): e-mail it, unless already read in the app */
  [NOTIFICATION_EMAIL_TOPIC]: mailNotification,
} satisfies Record<string, (subjectId: string) => Promise<void>>;

export type OutboxTopic = keyof typeof OUTBOX_TOPICS;

/**
 * How long a subject's rows of a topic rest, untouched, before the background does them: an editor
 * autosaves a chapter every few seconds while the writer types, and indexing its whole text each
 * time was half of a save's CPU (bench:api). Its reader who searches is served at once (the
 * search catches its own chapters up first, server/search/catch-up-index.ts); everyone else's
 * index follows once the writer pauses, or every OUTBOX_LONGEST_REST_MS while they do not.
 * The bible's marks are not held: the save that wrote them waits for them.
 */
export const OUTBOX_REST_MS: Record<OutboxTopic, number> = {
  "chapter-search": 3_000,
  "chapter-mentions": 0,
  // One chapter.saved per pause in the writing, not one per autosave (decision 0474).
  "chapter-webhooks": env.INKSTONE_WEBHOOKS_CHAPTER_QUIET_SECONDS * 1000,
  [JOB_FINISHED_TOPIC]: 0,
  [INVITATION_EMAIL_TOPIC]: 0,
  [NOTIFICATION_EMAIL_TOPIC]: 0,
};
/** The longest a subject's first row waits while newer ones keep coming, by topic. */
export const OUTBOX_LONGEST_REST_MS: Record<OutboxTopic, number> = {
  "chapter-search": 30_000,
  "chapter-mentions": 30_000,
  // While a writer types for an hour, their integrations hear of the chapter every five minutes.
  "chapter-webhooks": 5 * 60_000,
  [JOB_FINISHED_TOPIC]: 30_000,
  [INVITATION_EMAIL_TOPIC]: 30_000,
  [NOTIFICATION_EMAIL_TOPIC]: 30_000,
};
