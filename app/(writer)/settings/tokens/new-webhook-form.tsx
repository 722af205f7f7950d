"use client";

import { useActionState } from "react";
import { WEBHOOK_EVENT_DOCS, WEBHOOK_EVENTS } from "@/server/webhooks/schemas";
import { Field } from "../../../_components/field";
import { FormAlert } from "../../../_components/form-alert";
import { SubmitButton } from "../../../_components/submit-button";
import { OneTimeSecret } from "../../../_components/one-time-secret";
import { createWebhookAction, type CreateWebhookState } from "./webhook-actions";

/** An address and the events to send there; the signing secret is shown once, right here. */
export function NewWebhookForm() {
  const [state, action] = useActionState(createWebhookAction, {} as CreateWebhookState);
  return (
    <>
      {state.created && (
        <OneTimeSecret
          secret={state.created.secret}
          label="Signing secret"
          said={
            <>
              <strong>Webhook for {state.created.url} added.</strong> Copy its signing secret now: it will not be shown again.
            </>
          }
          use={
            <>
              Each delivery carries <code>Inkstone-Signature: t=…,v1=…</code>, an HMAC-SHA256 of <code>t.body</code> with this secret.
            </>
          }
        />
      )}
      <form action={action} className="stack" noValidate>
        <FormAlert message={state.message} />
        <Field
          name="url"
          label="Address"
          type="url"
          required
          maxLength={2048}
          placeholder="https://example.com/inkstone"
          hint="Inkstone POSTs each event here as signed JSON."
          defaultValue={state.values?.url}
          error={state.fields?.url}
        />
        <Field name="description" label="Description" maxLength={200} placeholder="e.g. sync to my notes app" defaultValue={state.values?.description} error={state.fields?.description} />
        <fieldset className="scopes" aria-describedby={state.fields?.events ? "events-error" : undefined}>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="checkbox">
              <input type="checkbox" name="events" value={event} defaultChecked={event === "chapter.saved"} />
              <span>
                <code>{event}</code> <span className="muted">— {WEBHOOK_EVENT_DOCS[event]}</span>
              </span>
            </label>
          ))}
          {state.fields?.events && (
            <p id="events-error" className="field-error">
              {state.fields.events}
            </p>
          )}
        </fieldset>
        <SubmitButton pending="Adding…">Add webhook</SubmitButton>
      </form>
    </>
  );
}
