"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "use-intl";
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
  const t = useTranslations("editor.signIn");
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
        setProblem(t("rateLimited"));
      } else {
        setProblem(t("mismatch"));
      }
    } catch {
      setProblem(t("unreachable"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title={t("title")}>
      <p>{message}</p>
      <form onSubmit={submit} className={`stack ${styles.signIn}`} noValidate>
        <FormAlert message={problem} />
        <Field name="email" label={t("email")} type="email" autoComplete="email" defaultValue={email} required />
        <Field name="password" label={t("password")} type="password" autoComplete="current-password" required autoFocus />
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("submitting") : t("submit")}
        </button>
      </form>
      <p className="muted">
        {t.rich("newTab", {
          link: (chunks) => (
            <a href={`/sign-in?next=${encodeURIComponent(returnTo)}`} target="_blank" rel="noopener">
              {chunks}
            </a>
          ),
        })}
      </p>
    </Modal>
  );
}
