import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import { safeNext } from "../../_components/safe-next";
import { getT } from "../../_i18n/server";
import { SignInForm } from "./sign-in-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("auth.signIn"))("title") };
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[]; email?: string | string[] }> }) {
  const { next, email } = await searchParams;
  const returnTo = safeNext(next);
  if (await sessionPrincipal()) redirect(returnTo);
  const signUp = next === undefined ? "/sign-up" : `/sign-up?${new URLSearchParams({ next: returnTo, ...(typeof email === "string" && { email }) })}`;
  const t = await getT("auth.signIn");
  return (
    <>
      <h1>{t("heading")}</h1>
      <SignInForm next={returnTo} email={typeof email === "string" ? email : undefined} />
      <p className="auth-switch">
        {t.rich("newHere", { link: (chunks) => <Link href={signUp}>{chunks}</Link> })}
      </p>
    </>
  );
}
