"use client";

import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { Field } from "../../_components/field";
import type { FormState } from "../../_components/problem";
import { FormAlert } from "../../_components/form-alert";
import { SubmitButton } from "../../_components/submit-button";
import { signUpAction } from "../actions";

// noValidate: the server's messages (the API's per-field details) are the ones shown.
export function SignUpForm({ next = "/books", email }: { next?: string; email?: string }) {
  const t = useTranslations("auth.signUp");
  const [state, action] = useActionState(signUpAction, {} as FormState);
  return (
    <form action={action} className="stack" noValidate>
      <FormAlert message={state.message} />
      <input type="hidden" name="next" value={next} />
      <Field name="name" label={t("name")} autoComplete="name" hint={t("nameHint")} defaultValue={state.values?.name} error={state.fields?.name} />
      <Field
        name="email"
        label={t("email")}
        type="email"
        autoComplete="email"
        required
        defaultValue={state.values?.email ?? email}
        error={state.fields?.email}
      />
      <Field
        name="password"
        label={t("password")}
        type="password"
        autoComplete="new-password"
        required
        hint={t("passwordHint")}
        error={state.fields?.password}
      />
      <SubmitButton pending={t("pending")}>{t("submit")}</SubmitButton>
    </form>
  );
}
