import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { sessionPrincipal } from "@/server/auth/session";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an account" };

export default async function SignUpPage() {
  if (await sessionPrincipal()) redirect("/books");
  return (
    <>
      <h1>Create an account</h1>
      <SignUpForm />
      <p className="auth-switch">
        Already have an account? <Link href="/sign-in">Sign in</Link>
      </p>
    </>
  );
}
