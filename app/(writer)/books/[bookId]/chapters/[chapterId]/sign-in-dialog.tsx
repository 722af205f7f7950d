"use client";

import { useState, type FormEvent } from "react";
import { Field } from "@/app/_components/field";
import { FormAlert } from "@/app/_components/form-alert";
import styles from "./editor.module.css";
import { Modal } from "./modal";

/**
 * The session ended while the writer was writing: sign in again here, without leaving the page or
 * losing a word (the text is in the editor and in the browser's drafts), then saving resumes.
 */
export function SignInDialog({
  open,
  email,
  message,
  returnTo,
  onSignedIn,
  onClose,
}: {
  open: boolean;
  email: string;
  message: string;
  returnTo: string;
  onSignedIn(): void;
  onClose(): void;
}) {
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      // Loaded only now: most writing sessions never need it.
      const { signIn } = await import("next-auth/react");
      const result = await signIn("credentials", { email: form.get("email"), password: form.get("password"), redirect: false });
      if (result?.ok && !result.error) {
        setProblem(undefined);
        onSignedIn();
      } else if (result?.code === "rate_limited") {
        setProblem("Too many sign-in attempts for this account or from this network. Wait a few minutes, then try again.");
      } else {
        setProblem("That e-mail and password do not match an account. Check both and try again.");
      }
    } catch {
      setProblem("Inkstone cannot reach the server to sign you in. Your text is kept in this browser; try again in a moment.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Sign in to keep saving">
      <p>{message}</p>
      <form onSubmit={submit} className={`stack ${styles.signIn}`} noValidate>
        <FormAlert message={problem} />
        <Field name="email" label="E-mail" type="email" autoComplete="email" defaultValue={email} required />
        <Field name="password" label="Password" type="password" autoComplete="current-password" required autoFocus />
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Signing in…" : "Sign in and save"}
        </button>
      </form>
      <p className="muted">
        Or{" "}
        <a href={`/sign-in?next=${encodeURIComponent(returnTo)}`} target="_blank" rel="noopener">
          sign in in a new tab
        </a>
        , then come back: saving resumes when this tab has focus again.
      </p>
    </Modal>
  );
}
