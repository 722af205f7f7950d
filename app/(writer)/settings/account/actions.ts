"use server";

import { signOut } from "@/server/auth/next-auth";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError, fieldProblems } from "@/server/errors";
import { changePassword } from "@/server/users/change-password";
import { deleteOwnAccount } from "@/server/users/delete-own-account";
import { changePasswordInput, deleteOwnAccountInput } from "@/server/users/schemas";
import { problemsByField, type FormState } from "../../../_components/problem";

const SIGNED_OUT = "Your session has ended. Sign in again to change your account.";

export interface ChangePasswordState extends FormState {
  /** how many other sign-ins the change ended */
  ended?: number;
}

export async function changePasswordAction(_previous: ChangePasswordState, form: FormData): Promise<ChangePasswordState> {
  const principal = await sessionPrincipal();
  if (!principal) return { message: SIGNED_OUT };
  const newPassword = String(form.get("newPassword") ?? "");
  if (newPassword !== String(form.get("repeatPassword") ?? "")) {
    return { message: "The new password was not changed.", fields: { repeatPassword: "is not the same as the new password" } };
  }
  const parsed = changePasswordInput.safeParse({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword });
  if (!parsed.success) return { message: "The new password was not changed.", fields: problemsByField(fieldProblems(parsed.error.issues)) };
  try {
    const ended = await changePassword(parsed.data, principal);
    return { ended: ended.revokedTokens + ended.endedSessions };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.message, fields: problemsByField(error.details) };
  }
}

export interface DeleteAccountState extends FormState {
  /** the books others work on that keep the account from being deleted */
  sharedBooks?: { id: string; title: string }[];
}

export async function deleteAccountAction(_previous: DeleteAccountState, form: FormData): Promise<DeleteAccountState> {
  const principal = await sessionPrincipal();
  if (!principal) return { message: SIGNED_OUT };
  const parsed = deleteOwnAccountInput.safeParse({ password: String(form.get("password") ?? "") });
  if (!parsed.success) return { message: "Your account was not deleted.", fields: problemsByField(fieldProblems(parsed.error.issues)) };
  try {
    await deleteOwnAccount(parsed.data, principal);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const sharedBooks = error.code === "owns_shared_books" ? (error.details as { books: { id: string; title: string }[] }).books : undefined;
    return { message: error.message, fields: problemsByField(error.details), sharedBooks };
  }
  // The session row went with the account; this clears the cookie and leaves for the front page.
  await signOut({ redirectTo: "/" });
  return {};
}
