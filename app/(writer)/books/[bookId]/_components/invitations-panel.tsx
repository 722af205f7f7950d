"use client";

import { useState, type FormEvent } from "react";
import type { MemberRole } from "@/server/auth/book-roles";
import type { CreatedInvitationDto } from "@/server/members/invitation-schemas";
import { ConfirmDialog } from "../../../../_components/confirm-dialog";
import { Field, SelectField } from "../../../../_components/field";
import { FormAlert } from "../../../../_components/form-alert";
import { OneTimeSecret } from "../../../../_components/one-time-secret";
import { describeProblem } from "../../../../_components/problem";
import { trpc } from "../../../../_trpc/client";
import { ROLE_LABELS } from "../../_components/book-roles";
import styles from "../book.module.css";

const EXPIRIES = [1, 3, 7, 14, 30].map((days) => ({ value: String(days), label: days === 1 ? "1 day" : `${days} days` }));

/** The link as the invited person opens it: the server's, or this page's origin when the operator set no public URL. */
const absolute = (link: string) => (link.startsWith("/") ? `${window.location.origin}${link}` : link);

/**
 * The owner's invitations (issue 36 item 1): someone without an account yet, by e-mail or with a
 * link, with a role and an expiry. The link is shown once, with a copy button (only its hash is
 * kept); pending invitations are listed until accepted, withdrawn or expired.
 */
export function InvitationsPanel({ bookId, roles }: { bookId: string; roles: { value: MemberRole; label: string }[] }) {
  const utils = trpc.useUtils();
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
        Invite
      </h3>
      <form onSubmit={submit} className="stack" noValidate aria-label="Invite someone">
        <FormAlert message={problem?.message} />
        <SelectField name="role" label="Invite as" options={roles} defaultValue="editor" error={problem?.fields?.role} />
        <Field
          name="email"
          label="E-mail (optional)"
          type="email"
          autoComplete="off"
          placeholder="name@example.com"
          hint="Only this person may accept it. Leave it empty for a link anyone holding it may use, once."
          error={problem?.fields?.email}
        />
        <SelectField name="expiresInDays" label="Expires after" options={EXPIRIES} defaultValue="7" error={problem?.fields?.expiresInDays} />
        <button type="submit" className="button small" disabled={create.isPending} aria-busy={create.isPending || undefined}>
          Invite
        </button>
      </form>
      {created && (
        <OneTimeSecret
          secret={absolute(created.link)}
          label="Invitation link"
          said={
            created.emailed
              ? `An e-mail with this link is on its way to ${created.email}.`
              : `Send this link to ${created.email ?? "the person you invite"}: it is shown only now.`
          }
          use={`It makes them ${ROLE_LABELS[created.role].toLowerCase()} once, until ${new Date(created.expiresAt).toLocaleDateString()}.${created.emailNotSent && created.email ? ` No e-mail was sent: ${created.emailNotSent}.` : ""}`}
        />
      )}
      {(pending.data ?? []).length > 0 && (
        <ul className={styles.memberList} aria-label="Pending invitations">
          {(pending.data ?? []).map((invitation) => (
            <li key={invitation.id} className={styles.member}>
              <span className={styles.memberName}>
                {invitation.email ?? "Link"}
                <span className="muted">
                  {" "}
                  {ROLE_LABELS[invitation.role]}, until {new Date(invitation.expiresAt).toLocaleDateString()}
                </span>
              </span>
              <button
                type="button"
                className="button secondary small"
                onClick={() => setWithdrawing(invitation.id)}
                aria-label={`Withdraw the invitation ${invitation.email ? `for ${invitation.email}` : `link (${ROLE_LABELS[invitation.role].toLowerCase()})`}`}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
      {withdrawing && (
        <ConfirmDialog
          title="Withdraw this invitation?"
          confirmLabel="Withdraw"
          pending={withdraw.isPending}
          error={withdraw.error}
          onConfirm={() => withdraw.mutate({ bookId, invitationId: withdrawing })}
          onClose={() => setWithdrawing(null)}
        >
          <p>Its link stops working at once. You can invite them again.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
