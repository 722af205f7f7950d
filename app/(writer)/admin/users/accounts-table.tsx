"use client";

import { useState } from "react";
import type { Page } from "@/server/collections";
import type { AccountDto } from "@/server/users/schemas";
import { ConfirmDialog } from "../../../_components/confirm-dialog";
import { formatDate } from "../../../_components/format";
import { FormAlert } from "../../../_components/form-alert";
import { OneTimeSecret } from "../../../_components/one-time-secret";
import { describeProblem } from "../../../_components/problem";
import { trpc } from "../../../_trpc/client";

const nameOf = (account: AccountDto) => account.name || account.email;
const signIns = (ended: { revokedTokens: number; endedSessions: number }) => {
  const count = ended.revokedTokens + ended.endedSessions;
  return count === 0 ? "no sign-ins" : count === 1 ? "1 sign-in" : `${count} sign-ins`;
};

/** Every account with what the admin may do to it; the admin's own row is changed from Settings → Account. */
export function AccountsTable({ initial, me }: { initial: Page<AccountDto>; me: string }) {
  const utils = trpc.useUtils();
  const accounts = trpc.users.list.useQuery({ perPage: 100 }, { initialData: initial });
  const refresh = () => utils.users.list.invalidate();
  const [said, setSaid] = useState<string | null>(null);
  const update = trpc.users.update.useMutation({ onSuccess: refresh });
  const signOut = trpc.users.signOut.useMutation({ onSuccess: (ended, { userId }) => setSaid(`Signed ${whose(userId)} out: ${signIns(ended)} ended.`) });
  const reset = trpc.users.resetPassword.useMutation({ onSuccess: () => setSaid(null) });
  const remove = trpc.users.delete.useMutation({ onSuccess: (_, { userId }) => (setSaid(`Deleted ${whose(userId)} and everything it owned.`), setDeleting(null), refresh()) });
  const [deleting, setDeleting] = useState<AccountDto | null>(null);
  const items = accounts.data?.items ?? [];
  const whose = (userId: string) => {
    const account = items.find((item) => item.id === userId);
    return account ? nameOf(account) : "the account";
  };
  const failed = describeProblem(update.error ?? signOut.error ?? reset.error)?.message;

  return (
    <>
      {reset.data && (
        <OneTimeSecret
          secret={reset.data.temporaryPassword}
          label="The new password"
          said={
            <>
              <strong>New password for {whose(reset.variables!.userId)}.</strong> Hand it to them now: it will not be shown again, and{" "}
              {signIns(reset.data)} of theirs ended.
            </>
          }
          use="They sign in with it, then choose their own under Settings → Account."
        />
      )}
      <FormAlert message={failed} />
      <p role="status" className="muted">
        {said}
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Account</th>
            <th scope="col">Role</th>
            <th scope="col">Books</th>
            <th scope="col">Joined</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((account) => (
            <tr key={account.id}>
              <th scope="row">
                {nameOf(account)}
                {account.name && <span className="muted block">{account.email}</span>}
              </th>
              <td>{account.role}</td>
              <td>{account.books}</td>
              <td>
                <time dateTime={account.createdAt}>{formatDate(account.createdAt)}</time>
              </td>
              <td>{account.disabledAt ? <strong>disabled</strong> : "active"}</td>
              <td className="actions">
                {account.id === me ? (
                  <span className="muted">you</span>
                ) : (
                  <span className="row-actions" role="group" aria-label={`Manage ${nameOf(account)}`}>
                    <button type="button" className="button secondary small" disabled={update.isPending} onClick={() => update.mutate({ userId: account.id, disabled: !account.disabledAt })}>
                      {account.disabledAt ? "Enable" : "Disable"}
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      disabled={update.isPending}
                      onClick={() => update.mutate({ userId: account.id, role: account.role === "admin" ? "writer" : "admin" })}
                    >
                      {account.role === "admin" ? "Make writer" : "Make admin"}
                    </button>
                    <button type="button" className="button secondary small" disabled={reset.isPending} onClick={() => reset.mutate({ userId: account.id })}>
                      Reset password
                    </button>
                    <button type="button" className="button secondary small" disabled={signOut.isPending} onClick={() => signOut.mutate({ userId: account.id })}>
                      Sign out everywhere
                    </button>
                    <button type="button" className="button danger small" onClick={() => setDeleting(account)}>
                      Delete
                    </button>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${nameOf(deleting)}?`}
          confirmLabel="Delete account"
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ userId: deleting.id })}
          onClose={() => (setDeleting(null), remove.reset())}
        >
          <p>
            Their {deleting.books === 1 ? "book" : `${deleting.books} books`}, chapters and history, story bibles, goals and tokens are
            deleted for good. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
