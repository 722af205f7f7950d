"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { formatDateTime } from "@/app/_components/format";
import { FormAlert } from "@/app/_components/form-alert";
import { describeProblem } from "@/app/_components/problem";
import { trpc } from "@/app/_trpc/client";
import type { NotificationDto } from "@/server/inbox/schemas";
import { ROLE_LABELS } from "../books/_components/book-roles";
import styles from "./inbox.module.css";

/** What happened, in a sentence, for one notification; an overdue foreshadowing's in the page's language (decision 0508). */
function sentence(n: NotificationDto, tellOverdue: (n: NotificationDto) => string): string {
  const who = n.actor?.name ?? "A former member";
  const chapterTitle = n.thread?.chapterTitle ?? n.suggestion?.chapterTitle;
  const where = chapterTitle ? `“${chapterTitle}” in ${n.book.title}` : n.book.title;
  switch (n.kind) {
    case "mention":
      return `${who} mentioned you on ${where}`;
    case "reply":
      return `${who} replied on ${where}`;
    case "comment":
      return `${who} commented on ${where}`;
    case "suggestion":
      return `${who} suggested an edit to ${where}`;
    case "suggestion_accepted":
      return `${who} accepted your suggestion on ${where}`;
    case "suggestion_rejected":
      return `${who} rejected your suggestion on ${where}`;
    case "foreshadowing_overdue":
      return tellOverdue(n);
    case "reader_finished":
      return `${who} finished “${n.readChapter?.title ?? "a chapter"}” of ${n.book.title}`;
    case "invitation": {
      const role = n.invitation ? ROLE_LABELS[n.invitation.role].toLowerCase() : "";
      const state = n.invitation?.state === "pending" ? "" : ` (${n.invitation?.state.replace("_", " ")})`;
      return `${who} invited you to ${n.book.title} as its ${role}${state}`;
    }
  }
}

/** The inbox: unread first to the eye (bold, marked), read on opening, or all at once. */
export function InboxList() {
  const tf = useTranslations("foreshadowingInbox");
  const tellOverdue = (n: NotificationDto) => tf("overdue", { title: n.foreshadowing?.title ?? tf("untitled"), book: n.book.title });
  const [unreadOnly, setUnreadOnly] = useState(false);
  const router = useRouter();
  const utils = trpc.useUtils();
  const list = trpc.inbox.list.useQuery({ perPage: 100, ...(unreadOnly && { unread: true }) });
  const refresh = () => {
    void utils.inbox.list.invalidate();
    router.refresh(); // the header's unread figure
  };
  const mark = trpc.inbox.mark.useMutation({ onSuccess: refresh });
  const markAll = trpc.inbox.markAllRead.useMutation({ onSuccess: refresh });
  const items = list.data?.items ?? [];

  return (
    <>
      <div className={styles.bar}>
        <label>
          <input type="checkbox" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} /> Unread only
        </label>
        <button type="button" className="button secondary small" disabled={markAll.isPending || !items.some((n) => !n.read)} onClick={() => markAll.mutate({})}>
          Mark all read
        </button>
      </div>
      <FormAlert message={describeProblem(list.error ?? mark.error ?? markAll.error)?.message} />
      {list.isSuccess && items.length === 0 && <p className="muted">{unreadOnly ? "Nothing unread." : "Nothing yet: replies, mentions, suggestions and invitations will show here."}</p>}
      <ol className={styles.list} aria-label="Notifications">
        {items.map((n) => (
          <li key={n.id} className={styles.item} data-unread={!n.read || undefined}>
            <p className={styles.what}>
              {!n.read && <span className="visually-hidden">Unread: </span>}
              <Link href={n.href} onClick={() => n.read || mark.mutate({ notificationId: n.id, read: true })}>
                {sentence(n, tellOverdue)}
              </Link>
            </p>
            {n.thread && <blockquote className={styles.quote}>{n.thread.quote}</blockquote>}
            {n.comment && <p className={styles.excerpt}>{n.comment.excerpt}</p>}
            {n.suggestion && (
              <p className={styles.excerpt}>
                <del>{n.suggestion.quote}</del> <ins>{n.suggestion.replacement}</ins>
              </p>
            )}
            <p className={styles.meta}>
              <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              <button type="button" className="link-button" onClick={() => mark.mutate({ notificationId: n.id, read: !n.read })}>
                {n.read ? "Mark unread" : "Mark read"}
              </button>
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
