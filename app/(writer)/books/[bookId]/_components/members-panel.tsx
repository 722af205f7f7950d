"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { MemberRole } from "@/server/auth/book-roles";
import type { BookActivityDto, MemberDto, PersonActivityDto } from "@/server/members/schemas";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { Field, SelectField } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import type { Dates } from "@/i18n/dates";
import type { BookFormat } from "../../_components/book-format";
import { useBookFormat } from "../../_components/use-book-format";
import { InvitationsPanel } from "./invitations-panel";
import styles from "../book.module.css";
import { useDates } from "@/app/_i18n/use-dates";

/** The roles a member can be given, with what each may do, named by `books.members.<key>`. */
const GIVEN_ROLES = [
  { value: "co_author", key: "coAuthorGiven" },
  { value: "editor", key: "editorGiven" },
  { value: "viewer", key: "viewerGiven" },
  { value: "beta_reader", key: "betaReaderGiven" },
] as const satisfies readonly { value: MemberRole; key: string }[];

type MemberWords = ReturnType<typeof useTranslations<"books.members">>;

/** What someone did in the period, in a line: "wrote 1,204, removed 80 words · 3 comments · 2 suggestions (1 accepted) · last wrote Sat, Dec 5, 2026". */
function doingOf(person: PersonActivityDto | undefined, language: string, t: MemberWords, format: BookFormat, dates: Dates): string {
  if (!person) return "";
  const counts = (
    [
      ["wrote", person.written],
      ["broughtIn", person.imported],
      ["restored", person.restored],
      ["removed", person.removed],
    ] as const
  ).filter(([, n]) => n > 0);
  // The unit once, after the last count: "words", or "characters" for a book counted in characters.
  const words = counts.map(([verb, n], i) => t(verb, { count: i === counts.length - 1 ? format.length(n, language) : format.number(n) })).join(t("listSeparator"));
  const parts = [
    words,
    person.comments > 0 && t("comments", { count: person.comments }),
    person.suggested > 0 && t("suggestions", { count: person.suggested, accepted: person.suggestionsAccepted }),
    person.lastWrote && t("lastWrote", { day: dates.day(person.lastWrote) }),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(t("partSeparator")) : t("nothing");
}

/**
 * Who works on the book. Everyone who reads the draft sees the list; the owner adds an account by
 * its e-mail, changes a role (saved as soon as it is chosen) and removes a member, who loses the
 * book at their very next request. The owner may also hand the book over: the member becomes its
 * owner and the former owner stays on as a co-author (so that a writer can leave Inkstone).
 */
export function MembersPanel({
  bookId,
  initial,
  activity,
  language,
  manages,
}: {
  bookId: string;
  initial: MemberDto[];
  /** who did what over the last 30 days (issue 36 item 6), as the page read it */
  activity?: BookActivityDto;
  /** the book's, for the unit its counts are in */
  language: string;
  manages: boolean;
}) {
  const utils = trpc.useUtils();
  const members = trpc.members.list.useQuery({ bookId }, { initialData: initial });
  const refresh = () => utils.members.list.invalidate({ bookId });
  const add = trpc.members.add.useMutation({ onSuccess: refresh });
  const update = trpc.members.update.useMutation({ onSuccess: refresh });
  const remove = trpc.members.remove.useMutation({ onSuccess: () => (setRemoving(null), refresh()) });
  const router = useRouter();
  const t = useTranslations("books.members");
  const roleName = useTranslations("books.roles");
  const format = useBookFormat();
  const dates = useDates();
  const { describeProblem } = useProblems();
  const givenRoles = GIVEN_ROLES.map(({ value, key }) => ({ value, label: t(key) }));
  // The page around the panel changes with the hand-over (who may delete the book, manage members).
  const handOver = trpc.members.update.useMutation({ onSuccess: () => (setHandingOver(null), refresh(), router.refresh()) });
  const [removing, setRemoving] = useState<MemberDto | null>(null);
  const [handingOver, setHandingOver] = useState<MemberDto | null>(null);
  const problem = describeProblem(add.error);
  const doing = new Map((activity?.people ?? []).map((person) => [person.userId, person]));
  const former = (activity?.people ?? []).filter((person) => person.role === null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    add.mutate({ bookId, email: String(data.get("email") ?? ""), role: String(data.get("role")) as MemberRole }, { onSuccess: () => form.reset() });
  }

  return (
    <div className={styles.members} role="group" aria-labelledby="members-heading">
      <h2 id="members-heading" className={styles.sideHeading}>
        {t("heading")}
      </h2>
      <ul className={styles.memberList} aria-label={t("list")}>
        {(members.data ?? []).map((member) => (
          <li key={member.userId} className={styles.member}>
            <span className={styles.memberName}>
              {member.name || member.email}
              {member.name && <span className="muted"> {member.email}</span>}
            </span>
            {manages && member.role !== "owner" ? (
              <span className={styles.memberActions}>
                <select
                  aria-label={t("roleOf", { name: member.name || member.email })}
                  value={member.role}
                  disabled={update.isPending}
                  onChange={(event) => update.mutate({ bookId, userId: member.userId, role: event.target.value as MemberRole })}
                >
                  {GIVEN_ROLES.map((role) => (
                    <option key={role.value} value={role.value}>
                      {roleName(role.value)}
                    </option>
                  ))}
                </select>
                <button type="button" className="button secondary small" onClick={() => setRemoving(member)} aria-label={t("removeName", { name: member.name || member.email })}>
                  {t("remove")}
                </button>
                <button type="button" className="button secondary small" onClick={() => setHandingOver(member)} aria-label={t("makeOwnerName", { name: member.name || member.email })}>
                  {t("makeOwner")}
                </button>
              </span>
            ) : (
              <span className={`role role-${member.role}`}>{roleName(member.role)}</span>
            )}
            {activity && <p className={styles.memberDoing}>{doingOf(doing.get(member.userId), language, t, format, dates)}</p>}
          </li>
        ))}
      </ul>
      {former.length > 0 && (
        <ul className={styles.memberList} aria-label={t("former")}>
          {former.map((person) => (
            <li key={person.userId} className={styles.member}>
              <span className={styles.memberName}>
                {person.name} <span className="muted">{t("formerNote")}</span>
              </span>
              <p className={styles.memberDoing}>{doingOf(person, language, t, format, dates)}</p>
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={describeProblem(update.error)?.message} />
      {manages && (
        <form onSubmit={submit} className="stack" noValidate aria-label={t("addForm")}>
          <FormAlert message={problem?.message} />
          <Field name="email" label={t("addByEmail")} type="email" autoComplete="off" placeholder={t("emailPlaceholder")} error={problem?.fields?.email} required />
          <SelectField name="role" label={t("role")} options={givenRoles} defaultValue="editor" error={problem?.fields?.role} />
          <button type="submit" className="button small" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            {t("add")}
          </button>
          <p role="status" className="muted">
            {add.isSuccess && t("added", { name: add.data.name || add.data.email, role: t(`rolesLower.${add.data.role}`) })}
          </p>
        </form>
      )}
      {manages && <InvitationsPanel bookId={bookId} roles={givenRoles} />}
      {removing && (
        <ConfirmDialog
          title={t("removeTitle", { name: removing.name || removing.email })}
          confirmLabel={t("remove")}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ bookId, userId: removing.userId })}
          onClose={() => setRemoving(null)}
        >
          <p>{t("removeBody")}</p>
        </ConfirmDialog>
      )}
      {handingOver && (
        <ConfirmDialog
          title={t("handOverTitle", { name: handingOver.name || handingOver.email })}
          confirmLabel={t("makeOwner")}
          pending={handOver.isPending}
          error={handOver.error}
          onConfirm={() => handOver.mutate({ bookId, userId: handingOver.userId, role: "owner" })}
          onClose={() => setHandingOver(null)}
        >
          <p>{t("handOverBody")}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
