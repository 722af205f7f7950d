"use client";

import { useActionState } from "react";
import { useTranslations } from "use-intl";
import { WEBHOOK_EVENTS, type WebhookEventType } from "@/server/webhooks/schemas";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { OneTimeSecret } from "../../../_components/one-time-secret";
import { createWebhookAction, type CreateWebhookState } from "./webhook-actions";

/** A catalog key cannot hold a dot (use-intl reads it as nesting): `chapter.saved` is worded under `chapter_saved`. */
const eventKey = <E extends WebhookEventType>(event: E) => event.replace(".", "_") as E extends `${infer A}.${infer B}` ? `${A}_${B}` : never;

/** An address and the events to send there; the signing secret is shown once, right here. */
export function NewWebhookForm() {
  const t = useTranslations("settings.webhooks");
  const [state, action] = useActionState(createWebhookAction, {} as CreateWebhookState);
  return (
    <>
      {state.created && (
        <OneTimeSecret
          secret={state.created.secret}
          label={t("secretLabel")}
          said={t.rich("created", { url: state.created.url, strong: (chunks) => <strong>{chunks}</strong> })}
          use={t.rich("use", { code: (chunks) => <code>{chunks}</code> })}
        />
      )}
      <form action={action} className="stack" noValidate>
        <FormAlert message={state.message} />
        <Field
          name="url"
          label={t("address")}
          type="url"
          required
          maxLength={2048}
          placeholder="https://example.com/inkstone"
          hint={t("addressHint")}
          defaultValue={state.values?.url}
          error={state.fields?.url}
        />
        <Field name="description" label={t("description")} maxLength={200} placeholder={t("descriptionPlaceholder")} defaultValue={state.values?.description} error={state.fields?.description} />
        <fieldset className="scopes" aria-describedby={state.fields?.events ? "events-error" : undefined}>
          <legend>{t("events")}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="checkbox">
              <input type="checkbox" name="events" value={event} defaultChecked={event === "chapter.saved"} />
              <span>
                <code>{event}</code> <span className="muted">— {t(`eventDocs.${eventKey(event)}`)}</span>
              </span>
            </label>
          ))}
          {state.fields?.events && (
            <p id="events-error" className="field-error">
              {state.fields.events}
            </p>
          )}
        </fieldset>
        <SubmitButton pending={t("adding")}>{t("add")}</SubmitButton>
      </form>
    </>
  );
}
