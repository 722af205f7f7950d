import { rescanChapterMentions } from "../bible/mention-index";
import { indexChapterForSearch } from "../search/index-chapter";

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
export const OUTBOX_REST_MS: Record<OutboxTopic, number> = { "chapter-search": 3_000, "chapter-mentions": 0 };
export const OUTBOX_LONGEST_REST_MS = 30_000;
