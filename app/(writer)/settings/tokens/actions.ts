"use server";

import { revalidatePath } from "next/cache";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError, fieldProblems } from "@/server/errors";
import { createToken } from "@/server/tokens/create-token";
import { createTokenInput } from "@/server/tokens/schemas";
import { deleteToken } from "@/server/tokens/delete-token";
import { problemsByField, type FormState } from "../../../_components/problem";

export interface CreateTokenState extends FormState {
  /** the new access token: shown once, never stored in the clear */
  created?: { name: string; accessToken: string };
}

const SIGNED_OUT = "Your session has ended. Sign in again to manage tokens.";

export async function createTokenAction(_previous: CreateTokenState, form: FormData): Promise<CreateTokenState> {
  const principal = await sessionPrincipal();
  if (!principal) return { message: SIGNED_OUT };
  const name = String(form.get("name") ?? "");
  const parsed = createTokenInput.safeParse({ name, scopes: form.getAll("scopes").map(String) });
  if (!parsed.success) {
    return { message: "The token was not made.", fields: problemsByField(fieldProblems(parsed.error.issues)), values: { name } };
  }
  try {
    const created = await createToken(parsed.data, principal);
    revalidatePath("/settings/tokens");
    return { created: { name: created.token.name, accessToken: created.access_token } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.message, fields: problemsByField(error.details), values: { name } };
  }
}

export async function revokeTokenAction(form: FormData): Promise<void> {
  const principal = await sessionPrincipal();
  if (!principal) return;
  try {
    await deleteToken({ tokenId: String(form.get("tokenId") ?? "") }, principal);
  } catch (error) {
    // Already revoked (say, in another tab): the list below shows the truth either way.
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
  }
  revalidatePath("/settings/tokens");
}
