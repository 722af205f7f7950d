"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import type { MemberRole } from "@/server/auth/book-roles";
import type { BookActivityDto, MemberDto, PersonActivityDto } from "@/server/members/schemas";
import { formatDay } from "../../../../_components/days";
import { formatNumber, formatWords } from "../../../../_components/format";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { Field, SelectField } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { describeProblem } from "../../../../_components/problem";
import { trpc } from "../../../../_trpc/client";
import { ROLE_LABELS } from "../../_components/book-roles";
import { InvitationsPanel } from "./invitations-panel";
import styles from "../book.module.css";

const GIVEN_ROLES: { value: MemberRole; label: string }[] = [
  { value: "co_author", label: "Co-author (writes)" },
  { value: "editor", label: "Editor (reads)" },
  { value: "viewer", label: "Viewer (reads)" },
  { value: "beta_reader", label: "Beta reader (released chapters)" },
];

/** What someone did in the period, in a line: "wrote 1,204, removed 80 words · 3 comments · 2 suggestions (1 accepted) · last wrote Sat, 5 Dec 2026". */
function doingOf(person: PersonActivityDto | undefined, language: string): string {
  if (!person) return "";
  const counts = (
    [
      ["wrote", person.written],
      ["brought in", person.imported],
      ["restored", person.restored],
      ["removed", person.removed],
    ] as const
  ).filter(([, n]) => n > 0);
  // The unit once, after the last count: "words", or "characters" for a book counted in characters.
  const words = counts.map(([verb, n], i) => `${verb} ${i === counts.length - 1 ? formatWords(n, language) : formatNumber(n)}`).join(", ");
  const parts = [
    words,
    person.comments > 0 && `${person.comments} ${person.comments === 1 ? "comment" : "comments"}`,
    person.suggested > 0 && `${person.suggested} ${person.suggested === 1 ? "suggestion" : "suggestions"} (${person.suggestionsAccepted} accepted)`,
    person.lastWrote && `last wrote ${formatDay(person.lastWrote)}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(" · ") : "nothing in the last 30 days";
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
        Members
      </h2>
      <ul className={styles.memberList} aria-label="Members">
        {(members.data ?? []).map((member) => (
          <li key={member.userId} className={styles.member}>
            <span className={styles.memberName}>
              {member.name || member.email}
              {member.name && <span className="muted"> {member.email}</span>}
            </span>
            {manages && member.role !== "owner" ? (
              <span className={styles.memberActions}>
                <select
                  aria-label={`Role of ${member.name || member.email}`}
                  value={member.role}
                  disabled={update.isPending}
                  onChange={(event) => update.mutate({ bookId, userId: member.userId, role: event.target.value as MemberRole })}
                >
                  {GIVEN_ROLES.map((role) => (
                    <option key={role.value} value={role.value}>
                      {ROLE_LABELS[role.value]}
                    </option>
                  ))}
                </select>
                <button type="button" className="button secondary small" onClick={() => setRemoving(member)} aria-label={`Remove ${member.name || member.email}`}>
                  Remove
                </button>
                <button type="button" className="button secondary small" onClick={() => setHandingOver(member)} aria-label={`Make ${member.name || member.email} the owner`}>
                  Make owner
                </button>
              </span>
            ) : (
              <span className={`role role-${member.role}`}>{ROLE_LABELS[member.role]}</span>
            )}
            {activity && <p className={styles.memberDoing}>{doingOf(doing.get(member.userId), language)}</p>}
          </li>
        ))}
      </ul>
      {former.length > 0 && (
        <ul className={styles.memberList} aria-label="No longer on the book">
          {former.map((person) => (
            <li key={person.userId} className={styles.member}>
              <span className={styles.memberName}>
                {person.name} <span className="muted">(no longer on the book)</span>
              </span>
              <p className={styles.memberDoing}>{doingOf(person, language)}</p>
            </li>
          ))}
        </ul>
      )}
      <FormAlert message={describeProblem(update.error)?.message} />
      {manages && (
        <form onSubmit={submit} className="stack" noValidate aria-label="Add a member">
          <FormAlert message={problem?.message} />
          <Field name="email" label="Add by e-mail" type="email" autoComplete="off" placeholder="name@example.com" error={problem?.fields?.email} required />
          <SelectField name="role" label="Role" options={GIVEN_ROLES} defaultValue="editor" error={problem?.fields?.role} />
          <button type="submit" className="button small" disabled={add.isPending} aria-busy={add.isPending || undefined}>
            Add member
          </button>
          <p role="status" className="muted">
            {add.isSuccess && `Added ${add.data.name || add.data.email} as ${ROLE_LABELS[add.data.role].toLowerCase()}.`}
          </p>
        </form>
      )}
      {manages && <InvitationsPanel bookId={bookId} roles={GIVEN_ROLES} />}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name || removing.email}?`}
          confirmLabel="Remove"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ bookId, userId: removing.userId })}
          onClose={() => setRemoving(null)}
        >
          <p>They lose the book at once, in every tab and with every token. You can add them again later.</p>
        </ConfirmDialog>
      )}
      {handingOver && (
        <ConfirmDialog
          title={`Make ${handingOver.name || handingOver.email} the owner?`}
          confirmLabel="Make owner"
          pending={handOver.isPending}
          error={handOver.error}
          onConfirm={() => handOver.mutate({ bookId, userId: handingOver.userId, role: "owner" })}
          onClose={() => setHandingOver(null)}
        >
          <p>
            The book becomes theirs: only they can delete it or manage its members. You stay on it as a co-author, and leave its
            series.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
