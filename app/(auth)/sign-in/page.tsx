import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import { safeNext } from "../../_components/safe-next";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[]; email?: string | string[] }> }) {
  const { next, email } = await searchParams;
  const returnTo = safeNext(next);
  if (await sessionPrincipal()) redirect(returnTo);
  const signUp = next === undefined ? "/sign-up" : `/sign-up?${new URLSearchParams({ next: returnTo, ...(typeof email === "string" && { email }) })}`;
  return (
    <>
      <h1>Sign in</h1>
      <SignInForm next={returnTo} email={typeof email === "string" ? email : undefined} />
      <p className="auth-switch">
        New here? <Link href={signUp}>Create an account</Link>
      </p>
    </>
  );
}
