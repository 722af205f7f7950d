"use client";

import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { Field } from "../../_components/field";
import type { FormState } from "../../_components/problem";
import { FormAlert } from "../../_components/form-alert";
import { SubmitButton } from "../../_components/submit-button";
import { signInAction } from "../actions";

export function SignInForm({ next, email }: { next: string; email?: string }) {
  const t = useTranslations("auth.signIn");
  const [state, action] = useActionState(signInAction, {} as FormState);
  return (
    <form action={action} className="stack" noValidate>
      <FormAlert message={state.message} />
      <input type="hidden" name="next" value={next} />
      <Field
        name="email"
        label={t("email")}
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email ?? email}
        error={state.fields?.email}
      />
      <Field name="password" label={t("password")} type="password" autoComplete="current-password" required error={state.fields?.password} />
      <SubmitButton pending={t("pending")}>{t("submit")}</SubmitButton>
    </form>
  );
}
