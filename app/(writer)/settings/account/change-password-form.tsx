"use client";

import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { changePasswordAction, type ChangePasswordState } from "./actions";

/** The current password, the new one twice; this browser stays signed in, every other sign-in ends. */
export function ChangePasswordForm() {
  const t = useTranslations("settings.account.password");
  const [state, action] = useActionState(changePasswordAction, {} as ChangePasswordState);
  return (
    <form action={action} className="stack" noValidate key={state.ended === undefined ? "editing" : "changed"}>
      {state.ended !== undefined && (
        <p role="status" className="done">
          {t("changed")} {t("ended", { count: state.ended })}
        </p>
      )}
      <FormAlert message={state.message} />
      <Field name="currentPassword" label={t("current")} type="password" autoComplete="current-password" required error={state.fields?.currentPassword} />
      <Field
        name="newPassword"
        label={t("new")}
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint={t("newHint")}
        error={state.fields?.newPassword}
      />
      <Field name="repeatPassword" label={t("repeat")} type="password" autoComplete="new-password" required error={state.fields?.repeatPassword} />
      <SubmitButton pending={t("pending")}>{t("submit")}</SubmitButton>
    </form>
  );
}
