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
