"use client";

import { useState } from "react";
import { useTranslations } from "use-intl";
import type { Page } from "@/server/collections";
import type { AccountDto } from "@/server/users/schemas";
import { ConfirmDialog } from "../../../_components/confirm-dialog";
import { FormAlert } from "../../../_components/form-alert";
import { OneTimeSecret } from "../../../_components/one-time-secret";
import { useProblems } from "../../../_components/use-problems";
import { useDates } from "../../../_i18n/use-dates";
import { trpc } from "../../../_trpc/client";

const nameOf = (account: AccountDto) => account.name || account.email;

/** Every account with what the admin may do to it; the admin's own row is changed from Settings → Account. */
export function AccountsTable({ initial, me }: { initial: Page<AccountDto>; me: string }) {
  const t = useTranslations("admin");
  const dates = useDates();
  const { describeProblem } = useProblems();
  const signIns = (ended: { revokedTokens: number; endedSessions: number }) => t("signIns", { count: ended.revokedTokens + ended.endedSessions });
  const utils = trpc.useUtils();
  const accounts = trpc.users.list.useQuery({ perPage: 100 }, { initialData: initial });
  const refresh = () => utils.users.list.invalidate();
  const [said, setSaid] = useState<string | null>(null);
  const update = trpc.users.update.useMutation({ onSuccess: refresh });
  const signOut = trpc.users.signOut.useMutation({ onSuccess: (ended, { userId }) => setSaid(t("signedOut", { name: whose(userId), signIns: signIns(ended) })) });
  const reset = trpc.users.resetPassword.useMutation({ onSuccess: () => setSaid(null) });
  const remove = trpc.users.delete.useMutation({ onSuccess: (_, { userId }) => (setSaid(t("deleted", { name: whose(userId) })), setDeleting(null), refresh()) });
  const [deleting, setDeleting] = useState<AccountDto | null>(null);
  const items = accounts.data?.items ?? [];
  const whose = (userId: string) => {
    const account = items.find((item) => item.id === userId);
    return account ? nameOf(account) : t("theAccount");
  };
  const failed = describeProblem(update.error ?? signOut.error ?? reset.error)?.message;

  return (
    <>
      {reset.data && (
        <OneTimeSecret
          secret={reset.data.temporaryPassword}
          label={t("newPasswordLabel")}
          said={t.rich("newPassword", { name: whose(reset.variables!.userId), signIns: signIns(reset.data), strong: (chunks) => <strong>{chunks}</strong> })}
          use={t("newPasswordUse")}
        />
      )}
      <FormAlert message={failed} />
      <p role="status" className="muted">
        {said}
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t("columns.account")}</th>
            <th scope="col">{t("columns.role")}</th>
            <th scope="col">{t("columns.books")}</th>
            <th scope="col">{t("columns.joined")}</th>
            <th scope="col">{t("columns.status")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("columns.actions")}</span>
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
              <td>{t(`roles.${account.role}`)}</td>
              <td>{account.books}</td>
              <td>
                <time dateTime={account.createdAt}>{dates.date(account.createdAt)}</time>
              </td>
              <td>{account.disabledAt ? <strong>{t("disabled")}</strong> : t("active")}</td>
              <td className="actions">
                {account.id === me ? (
                  <span className="muted">{t("you")}</span>
                ) : (
                  <span className="row-actions" role="group" aria-label={t("manage", { name: nameOf(account) })}>
                    <button type="button" className="button secondary small" disabled={update.isPending} onClick={() => update.mutate({ userId: account.id, disabled: !account.disabledAt })}>
                      {account.disabledAt ? t("enable") : t("disable")}
                    </button>
                    <button
                      type="button"
                      className="button secondary small"
                      disabled={update.isPending}
                      onClick={() => update.mutate({ userId: account.id, role: account.role === "admin" ? "writer" : "admin" })}
                    >
                      {account.role === "admin" ? t("makeWriter") : t("makeAdmin")}
                    </button>
                    <button type="button" className="button secondary small" disabled={reset.isPending} onClick={() => reset.mutate({ userId: account.id })}>
                      {t("resetPassword")}
                    </button>
                    <button type="button" className="button secondary small" disabled={signOut.isPending} onClick={() => signOut.mutate({ userId: account.id })}>
                      {t("signOutEverywhere")}
                    </button>
                    <button type="button" className="button danger small" onClick={() => setDeleting(account)}>
                      {t("delete")}
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
          title={t("deleteTitle", { name: nameOf(deleting) })}
          confirmLabel={t("deleteConfirm")}
          pending={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate({ userId: deleting.id })}
          onClose={() => (setDeleting(null), remove.reset())}
        >
          <p>{t("deleteBody", { books: deleting.books })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
