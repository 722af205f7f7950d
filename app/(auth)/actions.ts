"use server";

import { headers } from "next/headers";
import { AuthError, CredentialsSignin } from "next-auth";
import { clientAddress } from "@/server/auth/client-address";
import { signIn, signOut } from "@/server/auth/next-auth";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError } from "@/server/errors";
import { createUser, createUserInput } from "@/server/users/create-user";
import { formWords } from "../_components/form-words";
import type { FormState } from "../_components/problem";
import { safeNext } from "../_components/safe-next";
import { getT, requestIntl } from "../_i18n/server";

const text = (form: FormData, key: string) => {
  const value = form.get(key);
  return typeof value === "string" ? value : "";
};


async function signInWith(email: string, password: string, redirectTo: string): Promise<FormState> {
  try {
    // On success this throws Next's redirect, which must travel on untouched.
    await signIn("credentials", { email, password, redirectTo });
    return {};
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const t = await getT("auth.signIn");
    if (error instanceof CredentialsSignin && error.code === "rate_limited") return { message: t("rateLimited"), values: { email } };
    if (error instanceof CredentialsSignin && error.code === "account_disabled") return { message: t("disabled"), values: { email } };
    if (error.type === "CredentialsSignin") return { message: t("noMatch"), values: { email } };
    return { message: t("failed"), values: { email } };
  }
}

export async function signInAction(_previous: FormState, form: FormData): Promise<FormState> {
  const email = text(form, "email").trim();
  const password = text(form, "password");
  if (!email || !password) {
    const [t, field] = await Promise.all([getT("auth.signIn"), getT("errors.field")]);
    return {
      message: t("enterBoth"),
      fields: { ...(email ? {} : { email: field("required") }), ...(password ? {} : { password: field("required") }) },
      values: { email },
    };
  }
  return signInWith(email, password, safeNext(text(form, "next")));
}

/** Creates the account through the same use case as POST /api/v1/users, then signs straight in. */
export async function signUpAction(_previous: FormState, form: FormData): Promise<FormState> {
  const values = { email: text(form, "email").trim(), name: text(form, "name") };
  const [{ locale }, errors] = await Promise.all([requestIntl(), getT("errors")]);
  const words = formWords(locale);
  const parsed = createUserInput.safeParse({ ...values, password: text(form, "password") });
  if (!parsed.success) {
    return { message: errors("code.validation_failed"), fields: words.issues(parsed.error.issues), values };
  }
  try {
    await createUser(parsed.data, await sessionPrincipal(), clientAddress(await headers()));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { ...words.refusal(error), values };
  }
  // Back to where sign-up was asked for (an invitation's page), else the books.
  return signInWith(parsed.data.email, parsed.data.password, safeNext(text(form, "next")));
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
