"use client";

import { useActionState } from "react";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { changePasswordAction, type ChangePasswordState } from "./actions";

/** The current password, the new one twice; this browser stays signed in, every other sign-in ends. */
export function ChangePasswordForm() {
  const [state, action] = useActionState(changePasswordAction, {} as ChangePasswordState);
  return (
    <form action={action} className="stack" noValidate key={state.ended === undefined ? "editing" : "changed"}>
      {state.ended !== undefined && (
        <p role="status" className="done">
          Your password is changed.{" "}
          {state.ended === 0 ? "You were signed in nowhere else." : `${state.ended === 1 ? "One other sign-in was" : `${state.ended} other sign-ins were`} ended.`}
        </p>
      )}
      <FormAlert message={state.message} />
      <Field name="currentPassword" label="Current password" type="password" autoComplete="current-password" required error={state.fields?.currentPassword} />
      <Field
        name="newPassword"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        hint="At least 8 characters."
        error={state.fields?.newPassword}
      />
      <Field name="repeatPassword" label="New password again" type="password" autoComplete="new-password" required error={state.fields?.repeatPassword} />
      <SubmitButton pending="Changing…">Change password</SubmitButton>
    </form>
  );
}
