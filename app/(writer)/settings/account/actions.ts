"use server";

import { signOut } from "@/server/auth/next-auth";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { changePassword } from "@/server/users/change-password";
import { deleteOwnAccount } from "@/server/users/delete-own-account";
import { changePasswordInput, deleteOwnAccountInput } from "@/server/users/schemas";
import { formWords } from "../../../_components/form-words";
import type { FormState } from "../../../_components/problem";
import { getT, requestIntl } from "../../../_i18n/server";

export interface ChangePasswordState extends FormState {
  /** how many other sign-ins the change ended */
  ended?: number;
}

export async function changePasswordAction(_previous: ChangePasswordState, form: FormData): Promise<ChangePasswordState> {
  const [principal, t, { locale }] = await Promise.all([sessionPrincipal(), getT("settings"), requestIntl()]);
  if (!principal) return { message: t("signedOut") };
  const words = formWords(locale);
  const newPassword = String(form.get("newPassword") ?? "");
  if (newPassword !== String(form.get("repeatPassword") ?? "")) {
    return { message: t("account.password.notChanged"), fields: { repeatPassword: t("account.password.mismatch") } };
  }
  const parsed = changePasswordInput.safeParse({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword });
  if (!parsed.success) return { message: t("account.password.notChanged"), fields: words.issues(parsed.error.issues) };
  try {
    const ended = await changePassword(parsed.data, principal);
    return { ended: ended.revokedTokens + ended.endedSessions };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return words.refusal(error);
  }
}

export interface DeleteAccountState extends FormState {
  /** the books others work on that keep the account from being deleted */
  sharedBooks?: { id: string; title: string }[];
}

export async function deleteAccountAction(_previous: DeleteAccountState, form: FormData): Promise<DeleteAccountState> {
  const [principal, t, { locale }] = await Promise.all([sessionPrincipal(), getT("settings"), requestIntl()]);
  if (!principal) return { message: t("signedOut") };
  const words = formWords(locale);
  const parsed = deleteOwnAccountInput.safeParse({ password: String(form.get("password") ?? "") });
  if (!parsed.success) return { message: t("account.delete.notDeleted"), fields: words.issues(parsed.error.issues) };
  try {
    await deleteOwnAccount(parsed.data, principal);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const sharedBooks = error.code === "owns_shared_books" ? (error.details as { books: { id: string; title: string }[] }).books : undefined;
    return { ...words.refusal(error), sharedBooks };
  }
  // The session row went with the account; this clears the cookie and leaves for the front page.
  await signOut({ redirectTo: "/" });
  return {};
}
