"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { FormAlert } from "@/app/_components/form-alert";
import { useTranslations } from "use-intl";
import { useProblems } from "@/app/_components/use-problems";
import { trpc } from "@/app/_trpc/client";
import type { ThreadDto } from "@/server/comments/schemas";
import styles from "./editor.module.css";
import { useDates } from "@/app/_i18n/use-dates";

/** The words a new comment is on: offsets into the stored text, as the server counts them. */
export interface CommentTarget {
  start: number;
  end: number;
  quote: string;
}

/** The chapter's threads, open and resolved (a chapter with more than a hundred shows its newest hundred). */
export function useChapterThreads(bookId: string, chapterId: string) {
  return trpc.comments.list.useQuery({ bookId, chapterId, perPage: 100 }, { staleTime: 10_000, refetchOnWindowFocus: true });
}

interface CommentsPanelProps {
  bookId: string;
  chapterId: string;
  language: string;
  /** who reads: their own comments may be reworded and deleted */
  me: string;
  /** the owner deletes anyone's comments */
  owner: boolean;
  /** the words the writer chose to comment on, while the new comment is being written */
  target: CommentTarget | null;
  /** the text the comment will be placed in is on the server (the editor saves what waits) */
  beforeCreate?(): Promise<void>;
  onTargetDone(): void;
  active: string | null;
  /** shows a thread's words in the text */
  onSelect(thread: ThreadDto): void;
}

/**
 * The comments on a chapter, beside its text: a new comment on the chosen words, the open threads
 * in the order of the text, and the resolved ones on request. Comments are plain text: React
 * writes them as text, so nothing in one runs as markup.
 */
export function CommentsPanel({ bookId, chapterId, language, me, owner, target, beforeCreate, onTargetDone, active, onSelect }: CommentsPanelProps) {
  const t = useTranslations("editor.comments");
  const { describeProblem } = useProblems();
  const [showResolved, setShowResolved] = useState(false);
  const threads = useChapterThreads(bookId, chapterId);
  const utils = trpc.useUtils();
  const refresh = () => utils.comments.list.invalidate({ bookId, chapterId });
  const create = trpc.comments.create.useMutation({ onSuccess: refresh });
  const [body, setBody] = useState("");

  const all = threads.data?.items ?? [];
  const shown = all
    .filter((thread) => showResolved || !thread.resolved)
    .sort((a, b) => (a.start ?? Number.MAX_SAFE_INTEGER) - (b.start ?? Number.MAX_SAFE_INTEGER) || a.createdAt.localeCompare(b.createdAt));
  const resolvedCount = all.filter((thread) => thread.resolved).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!target) return;
    await beforeCreate?.();
    const created = await create.mutateAsync({ bookId, chapterId, ...target, body }).catch(() => null);
    if (!created) return;
    setBody("");
    onTargetDone();
    onSelect(created);
  };

  return (
    <section id="comments-panel" aria-labelledby="comments-heading" className={styles.commentsPanel}>
      <div className={styles.commentsHead}>
        <h2 id="comments-heading">{t("heading")}</h2>
        <label className={styles.commentsToggle}>
          <input type="checkbox" checked={showResolved} onChange={(event) => setShowResolved(event.target.checked)} /> {t("showResolved", { count: resolvedCount })}
        </label>
      </div>
      {target && (
        <form className={styles.commentForm} onSubmit={(event) => void submit(event)}>
          <blockquote lang={language}>{target.quote}</blockquote>
          <label htmlFor="new-comment" className="visually-hidden">
            {t("yourComment")}
          </label>
          <textarea id="new-comment" value={body} onChange={(event) => setBody(event.target.value)} rows={3} placeholder={t("placeholder")} autoFocus required maxLength={10_000} />
          <FormAlert message={describeProblem(create.error, { withDetail: "all" })?.message} />
          <div className="button-row">
            <button type="submit" className="button small" disabled={create.isPending || body.trim() === ""}>
              {t("comment")}
            </button>
            <button type="button" className="button ghost small" onClick={onTargetDone}>
              {t("cancel")}
            </button>
          </div>
        </form>
      )}
      {threads.error && <FormAlert message={describeProblem(threads.error)?.message} />}
      {threads.isSuccess && shown.length === 0 && !target && <p className="muted">{t("empty")}</p>}
      <ol className={styles.threads}>
        {shown.map((thread) => (
          <li key={thread.id}>
            <Thread thread={thread} bookId={bookId} language={language} me={me} owner={owner} active={thread.id === active} onSelect={onSelect} onChanged={refresh} />
          </li>
        ))}
      </ol>
      <p className={styles.commentsAll}>
        <Link href={`/books/${bookId}/comments`}>{t("everyComment")}</Link>
      </p>
    </section>
  );
}

interface ThreadProps {
  thread: ThreadDto;
  bookId: string;
  language: string;
  me: string;
  owner: boolean;
  active: boolean;
  onSelect(thread: ThreadDto): void;
  onChanged(): void;
}

function Thread({ thread, bookId, language, me, owner, active, onSelect, onChanged }: ThreadProps) {
  const t = useTranslations("editor.comments");
  const dates = useDates();
  const { describeProblem } = useProblems();
  const ids = { bookId, threadId: thread.id };
  const reply = trpc.comments.reply.useMutation({ onSuccess: onChanged });
  const resolve = trpc.comments.resolve.useMutation({ onSuccess: onChanged });
  const remove = trpc.comments.delete.useMutation({ onSuccess: onChanged });
  const removeComment = trpc.comments.deleteComment.useMutation({ onSuccess: onChanged });
  const [answer, setAnswer] = useState("");
  const problem = describeProblem(reply.error ?? resolve.error ?? remove.error ?? removeComment.error, { withDetail: "all" });
  const mayRemove = (authorId: string | undefined) => owner || authorId === me;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (await reply.mutateAsync({ ...ids, body: answer }).catch(() => null)) setAnswer("");
  };

  return (
    <article className={styles.thread} data-active={active || undefined} data-resolved={thread.resolved || undefined} aria-label={t("threadLabel", { quote: thread.quote.slice(0, 60) })}>
      {thread.detached ? (
        <p className={styles.threadQuote}>
          <span lang={language}>“{thread.quote}”</span> <em className="muted">{t("wordsDeleted")}</em>
        </p>
      ) : (
        <button type="button" className={styles.threadQuote} onClick={() => onSelect(thread)} title={t("showInText")}>
          <span lang={language}>“{thread.quote}”</span>
        </button>
      )}
      {thread.comments.map((comment, index) => (
        <div key={comment.id} className={styles.comment}>
          <p className={styles.commentMeta}>
            <strong>{comment.author?.name ?? t("formerMember")}</strong> <time dateTime={comment.createdAt}>{dates.dateTime(comment.createdAt)}</time>
            {comment.editedAt && <span className="muted"> {t("edited")}</span>}
            {index > 0 && mayRemove(comment.author?.id) && (
              <button type="button" className="link-button" onClick={() => removeComment.mutate({ ...ids, commentId: comment.id })}>
                {t("delete")}
              </button>
            )}
          </p>
          <p className={styles.commentBody}>{comment.body}</p>
        </div>
      ))}
      {thread.resolved && thread.resolvedBy && (
        <p className="muted">
          {thread.resolvedAt
            ? t("resolvedByOn", { name: thread.resolvedBy.name, date: dates.dateTime(thread.resolvedAt) })
            : t("resolvedBy", { name: thread.resolvedBy.name })}
        </p>
      )}
      <form className={styles.replyForm} onSubmit={(event) => void send(event)}>
        <label htmlFor={`reply-${thread.id}`} className="visually-hidden">
          {t("reply")}
        </label>
        <textarea id={`reply-${thread.id}`} rows={1} value={answer} onChange={(event) => setAnswer(event.target.value)} placeholder={t("replyPlaceholder")} maxLength={10_000} />
        <div className="button-row">
          <button type="submit" className="button small" disabled={reply.isPending || answer.trim() === ""}>
            {t("reply")}
          </button>
          <button type="button" className="button ghost small" disabled={resolve.isPending} onClick={() => resolve.mutate({ ...ids, resolved: !thread.resolved })}>
            {thread.resolved ? t("reopen") : t("resolve")}
          </button>
          {mayRemove(thread.author?.id) && (
            <button type="button" className="button ghost small" disabled={remove.isPending} onClick={() => remove.mutate(ids)}>
              {t("deleteThread")}
            </button>
          )}
        </div>
      </form>
      <FormAlert message={problem?.message} />
    </article>
  );
}
