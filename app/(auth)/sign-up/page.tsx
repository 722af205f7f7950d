import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import { safeNext } from "../../_components/safe-next";
import { getT } from "../../_i18n/server";
import { SignUpForm } from "./sign-up-form";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("auth.signUp"))("title") };
}

type Search = { next?: string | string[]; email?: string | string[] };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Search> }) {
  const { next, email } = await searchParams;
  // Asked for on the way somewhere (an invitation's page): back there after, with its e-mail filled in.
  const returnTo = safeNext(next);
  if (await sessionPrincipal()) redirect(returnTo);
  const signIn = next === undefined ? "/sign-in" : `/sign-in?${new URLSearchParams({ next: returnTo, ...(typeof email === "string" && { email }) })}`;
  const t = await getT("auth.signUp");
  return (
    <>
      <h1>{t("heading")}</h1>
      <SignUpForm next={returnTo} email={typeof email === "string" ? email : undefined} />
      <p className="auth-switch">
        {t.rich("haveAccount", { link: (chunks) => <Link href={signIn}>{chunks}</Link> })}
      </p>
    </>
  );
}
