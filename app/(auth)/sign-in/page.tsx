import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import { SignInForm } from "./sign-in-form";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  if (await sessionPrincipal()) redirect("/books");
  const { next } = await searchParams;
  return (
    <>
      <h1>Sign in</h1>
      <SignInForm next={typeof next === "string" ? next : "/books"} />
      <p className="auth-switch">
        New here? <Link href="/sign-up">Create an account</Link>
      </p>
    </>
  );
}
