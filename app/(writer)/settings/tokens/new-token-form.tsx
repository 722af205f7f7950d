"use client";

import { useActionState } from "react";
import type { Scope } from "@/server/auth/scopes";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { createTokenAction, type CreateTokenState } from "./actions";
import { OneTimeSecret } from "../../../_components/one-time-secret";
import { SCOPE_LABELS } from "./scope-labels";

/** Name a token, tick its scopes; the token itself is shown once, right here. */
export function NewTokenForm({ scopes }: { scopes: Scope[] }) {
  const [state, action] = useActionState(createTokenAction, {} as CreateTokenState);
  return (
    <>
      {state.created && (
        <OneTimeSecret
          secret={state.created.accessToken}
          label="Your new token"
          said={
            <>
              <strong>Token “{state.created.name}” created.</strong> Copy it now and keep it somewhere safe: it will not be shown again.
            </>
          }
          use={
            <>
              Send it as <code>Authorization: Bearer …</code>.
            </>
          }
        />
      )}
      <form action={action} className="stack" noValidate>
        <FormAlert message={state.message} />
        <Field
          name="name"
          label="Name"
          required
          maxLength={100}
          placeholder="e.g. laptop backup script"
          defaultValue={state.values?.name}
          error={state.fields?.name}
        />
        <fieldset className="scopes" aria-describedby={state.fields?.scopes ? "scopes-error" : undefined}>
          <legend>Scopes</legend>
          {scopes.map((scope) => (
            <label key={scope} className="checkbox">
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read:books"} />
              <span>
                <code>{scope}</code> <span className="muted">— {SCOPE_LABELS[scope]}</span>
              </span>
            </label>
          ))}
          {state.fields?.scopes && (
            <p id="scopes-error" className="field-error">
              {state.fields.scopes}
            </p>
          )}
        </fieldset>
        <SubmitButton pending="Creating…">Create token</SubmitButton>
      </form>
    </>
  );
}
