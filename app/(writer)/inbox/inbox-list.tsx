"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { FormAlert } from "@/app/_components/form-alert";
import { useProblems } from "@/app/_components/use-problems";
import { useDates } from "@/app/_i18n/use-dates";
import { trpc } from "@/app/_trpc/client";
import type { NotificationDto } from "@/server/inbox/schemas";
import styles from "./inbox.module.css";

type InboxWords = ReturnType<typeof useTranslations<"inbox">>;
type RoleWords = ReturnType<typeof useTranslations<"auth.roles">>;

/**
 * What happened, in a sentence, for one notification, in the reader's language: the inbox keeps
 * the kind and its data (who, which book and chapter, the invitation's role and state), never a
 * sentence, so every row, old or new, reads in the language of whoever opens it.
 */
function sentence(n: NotificationDto, t: InboxWords, roles: RoleWords, overdue: (n: NotificationDto) => string): string {
  const who = n.actor ? (n.actor.readerNumber !== null ? t("numberedReader", { number: n.actor.readerNumber }) : n.actor.name) : t("formerMember");
  const chapterTitle = n.thread?.chapterTitle ?? n.suggestion?.chapterTitle;
  const book = n.book.title;
  const where = chapterTitle ? t("where", { chapter: chapterTitle, book }) : t("whereBook", { book });
  switch (n.kind) {
    case "mention":
    case "reply":
    case "comment":
    case "suggestion":
    case "suggestion_accepted":
    case "suggestion_rejected":
      return t(`sentence.${n.kind}`, { who, where });
    case "foreshadowing_overdue":
      return overdue(n);
    case "reader_finished":
      return t("sentence.reader_finished", { who, chapter: n.readChapter?.title ?? t("aChapter"), book });
    case "invitation": {
      const role = n.invitation ? roles(n.invitation.role) : "";
      const state = n.invitation?.state ?? "pending";
      return state === "pending" ? t("sentence.invitation", { who, book, role }) : t("sentence.invitationEnded", { who, book, role, state: t(`invitationStates.${state}`) });
    }
  }
}

/** The inbox: unread first to the eye (bold, marked), read on opening, or all at once. */
export function InboxList() {
  const t = useTranslations("inbox");
  const roles = useTranslations("auth.roles");
  const tf = useTranslations("foreshadowingInbox");
  const overdue = (n: NotificationDto) => tf("overdue", { title: n.foreshadowing?.title ?? tf("untitled"), book: n.book.title });
  const dates = useDates();
  const { describeProblem } = useProblems();
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
          <input type="checkbox" checked={unreadOnly} onChange={(event) => setUnreadOnly(event.target.checked)} /> {t("unreadOnly")}
        </label>
        <button type="button" className="button secondary small" disabled={markAll.isPending || !items.some((n) => !n.read)} onClick={() => markAll.mutate({})}>
          {t("markAllRead")}
        </button>
      </div>
      <FormAlert message={describeProblem(list.error ?? mark.error ?? markAll.error)?.message} />
      {list.isSuccess && items.length === 0 && <p className="muted">{unreadOnly ? t("nothingUnread") : t("empty")}</p>}
      <ol className={styles.list} aria-label={t("list")} aria-busy={list.isFetching || undefined}>
        {items.map((n) => (
          <li key={n.id} className={styles.item} data-unread={!n.read || undefined}>
            <p className={styles.what}>
              {!n.read && <span className="visually-hidden">{t("unread")}</span>}
              <Link href={n.href} onClick={() => n.read || mark.mutate({ notificationId: n.id, read: true })}>
                {sentence(n, t, roles, overdue)}
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
              <time dateTime={n.createdAt}>{dates.dateTime(n.createdAt)}</time>
              <button type="button" className="link-button" onClick={() => mark.mutate({ notificationId: n.id, read: !n.read })}>
                {n.read ? t("markUnread") : t("markRead")}
              </button>
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
