"use server";

import { revalidatePath } from "next/cache";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { deleteWebhook } from "@/server/webhooks/delete-webhook";
import { pingWebhook } from "@/server/webhooks/ping-webhook";
import { createWebhookInput } from "@/server/webhooks/schemas";
import { formWords } from "../../../_components/form-words";
import type { FormState } from "../../../_components/problem";
import { getT, requestIntl } from "../../../_i18n/server";

export interface CreateWebhookState extends FormState {
  /** the new hook's signing secret: shown once */
  created?: { url: string; secret: string };
}

export async function createWebhookAction(_previous: CreateWebhookState, form: FormData): Promise<CreateWebhookState> {
  const [principal, t, { locale }] = await Promise.all([sessionPrincipal(), getT("settings.webhooks"), requestIntl()]);
  if (!principal) return { message: t("signedOut") };
  const words = formWords(locale);
  const url = String(form.get("url") ?? "");
  const description = String(form.get("description") ?? "");
  const parsed = createWebhookInput.safeParse({ url, description, events: form.getAll("events").map(String) });
  if (!parsed.success) {
    return { message: t("notAdded"), fields: words.issues(parsed.error.issues), values: { url, description } };
  }
  try {
    const created = await createWebhook(parsed.data, principal);
    revalidatePath("/settings/tokens");
    return { created: { url: created.url, secret: created.secret } };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const refusal = words.refusal(error);
    const fields = error.code === "destination_not_allowed" ? { url: locale === "en" ? error.message : refusal.message } : refusal.fields;
    return { message: t("notAdded"), fields, values: { url, description } };
  }
}

/** Sends a test event now; the table below shows how the receiver answered. */
export async function pingWebhookAction(form: FormData): Promise<void> {
  const principal = await sessionPrincipal();
  if (!principal) return;
  try {
    await pingWebhook({ webhookId: String(form.get("webhookId") ?? "") }, principal);
  } catch (error) {
    // Deleted meanwhile (say, in another tab): the list shows the truth either way.
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
  }
  revalidatePath("/settings/tokens");
}

export async function deleteWebhookAction(form: FormData): Promise<void> {
  const principal = await sessionPrincipal();
  if (!principal) return;
  try {
    await deleteWebhook({ webhookId: String(form.get("webhookId") ?? "") }, principal);
  } catch (error) {
    if (!(error instanceof AppError && error.code === "not_found")) throw error;
  }
  revalidatePath("/settings/tokens");
}
