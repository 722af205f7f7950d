"use server";

import { revalidatePath } from "next/cache";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { createToken } from "@/server/tokens/create-token";
import { createTokenInput } from "@/server/tokens/schemas";
import { deleteToken } from "@/server/tokens/delete-token";
import { formWords } from "../../../_components/form-words";
import type { FormState } from "../../../_components/problem";
import { getT, requestIntl } from "../../../_i18n/server";

export interface CreateTokenState extends FormState {
  /** the new access token: shown once, never stored in the clear */
  created?: { name: string; accessToken: string };
}

export async function createTokenAction(_previous: CreateTokenState, form: FormData): Promise<CreateTokenState> {
  const [principal, t, { locale }] = await Promise.all([sessionPrincipal(), getT("settings.tokens"), requestIntl()]);
  if (!principal) return { message: t("signedOut") };
  const words = formWords(locale);
  const name = String(form.get("name") ?? "");
  const parsed = createTokenInput.safeParse({ name, scopes: form.getAll("scopes").map(String) });
  if (!parsed.success) {
    return { message: t("notMade"), fields: words.issues(parsed.error.issues), values: { name } };
  }
  try {
    const created = await createToken(parsed.data, principal);
    revalidatePath("/settings/tokens");
    return { created: { name: created.token.name, accessToken: created.access_token } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...words.refusal(error), values: { name } };
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
