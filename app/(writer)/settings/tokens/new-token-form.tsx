"use client";

import { useActionState } from "react";
import { useTranslations } from "use-intl";
import type { Scope } from "@/server/auth/scopes";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { createTokenAction, type CreateTokenState } from "./actions";
import { OneTimeSecret } from "../../../_components/one-time-secret";

/** Name a token, tick its scopes; the token itself is shown once, right here. */
export function NewTokenForm({ scopes }: { scopes: Scope[] }) {
  const t = useTranslations("settings.tokens");
  const [state, action] = useActionState(createTokenAction, {} as CreateTokenState);
  return (
    <>
      {state.created && (
        <OneTimeSecret
          secret={state.created.accessToken}
          label={t("secretLabel")}
          said={t.rich("created", { name: state.created.name, strong: (chunks) => <strong>{chunks}</strong> })}
          use={t.rich("use", { code: (chunks) => <code>{chunks}</code> })}
        />
      )}
      <form action={action} className="stack" noValidate>
        <FormAlert message={state.message} />
        <Field
          name="name"
          label={t("name")}
          required
          maxLength={100}
          placeholder={t("namePlaceholder")}
          defaultValue={state.values?.name}
          error={state.fields?.name}
        />
        <fieldset className="scopes" aria-describedby={state.fields?.scopes ? "scopes-error" : undefined}>
          <legend>{t("scopes")}</legend>
          {scopes.map((scope) => (
            <label key={scope} className="checkbox">
              <input type="checkbox" name="scopes" value={scope} defaultChecked={scope === "read:books"} />
              <span>
                <code>{scope}</code> <span className="muted">— {t(`scopeLabels.${scope}`)}</span>
              </span>
            </label>
          ))}
          {state.fields?.scopes && (
            <p id="scopes-error" className="field-error">
              {state.fields.scopes}
            </p>
          )}
        </fieldset>
        <SubmitButton pending={t("creating")}>{t("create")}</SubmitButton>
      </form>
    </>
  );
}
