"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
import type { MemberRole } from "@/server/auth/book-roles";
import type { CreatedInvitationDto } from "@/server/members/invitation-schemas";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { Field, SelectField } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { OneTimeSecret } from "../../../../_components/one-time-secret";
import { useProblems } from "../../../../_components/use-problems";
import { trpc } from "../../../../_trpc/client";
import styles from "../book.module.css";
import { useDates } from "@/app/_i18n/use-dates";

const EXPIRY_DAYS = [1, 3, 7, 14, 30];

/** The link as the invited person opens it: the server's, or this page's origin when the operator set no public URL. */
const absolute = (link: string) => (link.startsWith("/") ? `${window.location.origin}${link}` : link);

/**
 * The owner's invitations (issue 36 item 1): someone without an account yet, by e-mail or with a
 * link, with a role and an expiry. The link is shown once, with a copy button (only its hash is
 * kept); pending invitations are listed until accepted, withdrawn or expired.
 */
export function InvitationsPanel({ bookId, roles }: { bookId: string; roles: { value: MemberRole; label: string }[] }) {
  const utils = trpc.useUtils();
  const t = useTranslations("books.invitations");
  const roleLower = useTranslations("books.members.rolesLower");
  const roleName = useTranslations("books.roles");
  const dates = useDates();
  const { describeProblem } = useProblems();
  const expiries = EXPIRY_DAYS.map((days) => ({ value: String(days), label: t("days", { count: days }) }));
  const pending = trpc.invitations.list.useQuery({ bookId });
  const refresh = () => utils.invitations.list.invalidate({ bookId });
  const [created, setCreated] = useState<CreatedInvitationDto | null>(null);
  // The last link goes away as the next is asked for: two links on screen would be mixed up.
  const create = trpc.invitations.create.useMutation({ onMutate: () => setCreated(null), onSuccess: (invitation) => (setCreated(invitation), refresh()) });
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const withdraw = trpc.invitations.withdraw.useMutation({ onSuccess: () => (setWithdrawing(null), refresh()) });
  const problem = describeProblem(create.error);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "").trim();
    create.mutate(
      { bookId, role: String(data.get("role")) as MemberRole, expiresInDays: Number(data.get("expiresInDays")), ...(email && { email }) },
      { onSuccess: () => form.reset() },
    );
  }

  return (
    <section className="stack" aria-labelledby="invite-heading">
      <h3 id="invite-heading" className={styles.sideHeading}>
        {t("heading")}
      </h3>
      <form onSubmit={submit} className="stack" noValidate aria-label={t("form")}>
        <FormAlert message={problem?.message} />
        <SelectField name="role" label={t("inviteAs")} options={roles} defaultValue="editor" error={problem?.fields?.role} />
        <Field
          name="email"
          label={t("email")}
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          hint={t("emailHint")}
          error={problem?.fields?.email}
        />
        <SelectField name="expiresInDays" label={t("expires")} options={expiries} defaultValue="7" error={problem?.fields?.expiresInDays} />
        <button type="submit" className="button small" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          {t("invite")}
        </button>
      </form>
      {created && (
        <OneTimeSecret
          secret={absolute(created.link)}
          label={t("link")}
          said={created.emailed ? t("emailed", { email: created.email ?? "" }) : created.email ? t("sendTo", { email: created.email }) : t("sendToSomeone")}
          use={
            t("makes", { role: roleLower(created.role), date: dates.date(created.expiresAt) }) +
            // The server's reason is in English (an API message); the sentence around it is the page's.
            (created.emailNotSent && created.email ? t("notSent", { reason: created.emailNotSent }) : "")
          }
        />
      )}
      {(pending.data ?? []).length > 0 && (
        <ul className={styles.memberList} aria-label={t("pending")}>
          {(pending.data ?? []).map((invitation) => (
            <li key={invitation.id} className={styles.member}>
              <span className={styles.memberName}>
                {invitation.email ?? t("anyLink")}
                <span className="muted"> {t("until", { role: roleName(invitation.role), date: dates.date(invitation.expiresAt) })}</span>
              </span>
              <button
                type="button"
                className="button secondary small"
                onClick={() => setWithdrawing(invitation.id)}
                aria-label={invitation.email ? t("withdrawFor", { email: invitation.email }) : t("withdrawLink", { role: roleLower(invitation.role) })}
              >
                {t("withdraw")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {withdrawing && (
        <ConfirmDialog
          title={t("withdrawTitle")}
          confirmLabel={t("withdraw")}
          pending={withdraw.isPending}
          error={withdraw.error}
          onConfirm={() => withdraw.mutate({ bookId, invitationId: withdrawing })}
          onClose={() => setWithdrawing(null)}
        >
          <p>{t("withdrawBody")}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
