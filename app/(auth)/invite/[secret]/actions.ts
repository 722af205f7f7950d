"use server";

import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { acceptInvitation } from "@/server/members/accept-invitation";
import type { FormState } from "../../../_components/problem";

/** Accept, through the same use case as POST /api/v1/invitations/accept, then open the book. */
export async function acceptInvitationAction(_previous: FormState, form: FormData): Promise<FormState> {
  const secret = form.get("secret");
  const principal = await sessionPrincipal();
  if (typeof secret !== "string") return { message: "This invitation link is not valid." };
  if (!principal) return { message: "Your session has ended: sign in again to accept." };
  let bookId: string;
  try {
    bookId = (await acceptInvitation({ secret }, principal)).bookId;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.message };
  }
  redirect(`/books/${bookId}`);
}
