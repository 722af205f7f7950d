"use server";

import { headers } from "next/headers";
import { AuthError, CredentialsSignin } from "next-auth";
import { clientAddress } from "@/server/auth/client-address";
import { signIn, signOut } from "@/server/auth/next-auth";
import { sessionPrincipal } from "@/server/auth/session";
import { AppError, fieldProblems } from "@/server/errors";
import { createUser, createUserInput } from "@/server/users/create-user";
import { problemsByField, type FormState } from "../_components/problem";
import { safeNext } from "../_components/safe-next";

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
    if (error instanceof CredentialsSignin && error.code === "rate_limited") {
      return { message: "Too many sign-in attempts for this account or from this network. Wait a few minutes, then try again.", values: { email } };
    }
    if (error instanceof CredentialsSignin && error.code === "account_disabled") {
      return { message: "This account has been disabled by the administrator of this Inkstone. Ask them to enable it again.", values: { email } };
    }
    if (error.type === "CredentialsSignin") {
      return { message: "That e-mail and password do not match an account. Check both and try again.", values: { email } };
    }
    return { message: "Signing in failed. Try again in a moment.", values: { email } };
  }
}

export async function signInAction(_previous: FormState, form: FormData): Promise<FormState> {
  const email = text(form, "email").trim();
  const password = text(form, "password");
  if (!email || !password) {
    return {
      message: "Enter your e-mail and password.",
      fields: { ...(email ? {} : { email: "required" }), ...(password ? {} : { password: "required" }) },
      values: { email },
    };
  }
  return signInWith(email, password, safeNext(text(form, "next")));
}

/** Creates the account through the same use case as POST /api/v1/users, then signs straight in. */
export async function signUpAction(_previous: FormState, form: FormData): Promise<FormState> {
  const values = { email: text(form, "email").trim(), name: text(form, "name") };
  const parsed = createUserInput.safeParse({ ...values, password: text(form, "password") });
  if (!parsed.success) {
    return { message: "Some fields need another look.", fields: problemsByField(fieldProblems(parsed.error.issues)), values };
  }
  try {
    await createUser(parsed.data, await sessionPrincipal(), clientAddress(await headers()));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { message: error.message, fields: problemsByField(error.details), values };
  }
  // Back to where sign-up was asked for (an invitation's page), else the books.
  return signInWith(parsed.data.email, parsed.data.password, safeNext(text(form, "next")));
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/sign-in" });
}
