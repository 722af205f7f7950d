"use server";

import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { acceptInvitation } from "@/server/members/accept-invitation";
import type { FormState } from "../../../_components/problem";
import { getT } from "../../../_i18n/server";

/** Accept, through the same use case as POST /api/v1/invitations/accept, then open the book. */
export async function acceptInvitationAction(_previous: FormState, form: FormData): Promise<FormState> {
  const secret = form.get("secret");
  const [principal, t, errors] = await Promise.all([sessionPrincipal(), getT("auth.invite"), getT("errors")]);
  if (typeof secret !== "string") return { message: t("notValid") };
  if (!principal) return { message: t("sessionEnded") };
  let bookId: string;
  try {
    bookId = (await acceptInvitation({ secret }, principal)).bookId;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // invitation_gone says why in its reason; any other code in its sentence.
    const reason = error.code === "invitation_gone" ? (error.details as { reason?: string } | undefined)?.reason : undefined;
    return { message: isEnded(reason) ? t(`ended.${reason}`) : errors(`code.${error.code}`) };
  }
  redirect(`/books/${bookId}`);
}

const ENDED_REASONS = ["accepted", "withdrawn", "expired", "book_deleted"] as const;
const isEnded = (reason: unknown): reason is (typeof ENDED_REASONS)[number] => (ENDED_REASONS as readonly unknown[]).includes(reason);
