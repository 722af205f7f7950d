import type { DeliveryDto, WebhookDto } from "@/server/webhooks/schemas";
import { formatDateTime } from "../../../_components/format";
import { SubmitButton } from "../../../_components/submit-button";
import { deleteWebhookAction, pingWebhookAction } from "./webhook-actions";

/** How the hook's latest delivery went, in a few words. */
function LastDelivery({ delivery }: { delivery: DeliveryDto | undefined }) {
  if (!delivery) return <span className="muted">nothing sent yet</span>;
  const attempt = delivery.attempts.at(-1);
  const answer = attempt ? (attempt.error === null ? `answered ${attempt.statusCode}` : attempt.error) : "waiting to be sent";
  return (
    <>
      <code>{delivery.event}</code> {delivery.status}
      <span className="muted block">
        {answer}
        {attempt && (
          <>
            {" "}
            · <time dateTime={attempt.at}>{formatDateTime(attempt.at)}</time>
          </>
        )}
      </span>
    </>
  );
}

/** The writer's webhooks, each with its latest delivery, a test button and a delete button. */
export function WebhookTable({ webhooks, latest }: { webhooks: WebhookDto[]; latest: Record<string, DeliveryDto | undefined> }) {
  if (webhooks.length === 0) {
    return (
      <div className="empty">
        <p className="empty-title">No webhooks.</p>
        <p className="muted">Add an address above to be told when a chapter is saved or an export is ready, instead of asking.</p>
      </div>
    );
  }
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Address</th>
          <th scope="col">Events</th>
          <th scope="col">State</th>
          <th scope="col">Latest delivery</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {webhooks.map((hook) => (
          <tr key={hook.id}>
            <th scope="row">
              <span className="mono">{hook.url}</span>
              {hook.description && <span className="muted block">{hook.description}</span>}
            </th>
            <td>
              <ul className="scope-list">
                {hook.events.map((event) => (
                  <li key={event}>
                    <code>{event}</code>
                  </li>
                ))}
              </ul>
            </td>
            <td>{hook.active ? "on" : <span title={hook.disabledReason ?? undefined}>off{hook.disabledReason ? " (failing)" : ""}</span>}</td>
            <td>
              <LastDelivery delivery={latest[hook.id]} />
            </td>
            <td className="actions">
              <form action={pingWebhookAction}>
                <input type="hidden" name="webhookId" value={hook.id} />
                <SubmitButton className="button secondary small" pending="Sending…">
                  <span aria-hidden="true">Send test</span>
                  <span className="visually-hidden">Send test to {hook.url}</span>
                </SubmitButton>
              </form>
              <form action={deleteWebhookAction}>
                <input type="hidden" name="webhookId" value={hook.id} />
                <SubmitButton className="button danger small" pending="Deleting…">
                  <span aria-hidden="true">Delete</span>
                  <span className="visually-hidden">Delete the webhook for {hook.url}</span>
                </SubmitButton>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
