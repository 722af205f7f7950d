import type { Dates } from "@/i18n/dates";
import type { Locale } from "@/i18n/locales";
import type { DeliveryDto, WebhookDto } from "@/server/webhooks/schemas";
import { SubmitButton } from "../../../_components/submit-button";
import { getDates, getT, requestIntl } from "../../../_i18n/server";
import { deleteWebhookAction, pingWebhookAction } from "./webhook-actions";

type Words = Awaited<ReturnType<typeof getT<"settings.webhooks">>>;

/** How the hook's latest delivery went, in a few words. */
function LastDelivery({ delivery, t, locale, dates }: { delivery: DeliveryDto | undefined; t: Words; locale: Locale; dates: Dates }) {
  if (!delivery) return <span className="muted">{t("nothingSent")}</span>;
  const attempt = delivery.attempts.at(-1);
  // The receiver's failure is the server's own English (an address refused, a time-out): said in other words elsewhere.
  const failure = attempt?.error != null ? (locale === "en" ? attempt.error : t("noAnswer")) : null;
  const answer = attempt ? (failure ?? t("answered", { status: String(attempt.statusCode) })) : t("waiting");
  return (
    <>
      <code>{delivery.event}</code> {t(`deliveryStatus.${delivery.status}`)}
      <span className="muted block">
        {answer}
        {attempt && (
          <>
            {" "}
            · <time dateTime={attempt.at}>{dates.dateTime(attempt.at)}</time>
          </>
        )}
      </span>
    </>
  );
}

/** The writer's webhooks, each with its latest delivery, a test button and a delete button. */
export async function WebhookTable({ webhooks, latest }: { webhooks: WebhookDto[]; latest: Record<string, DeliveryDto | undefined> }) {
  const [t, { locale }, dates] = await Promise.all([getT("settings.webhooks"), requestIntl(), getDates()]);
  if (webhooks.length === 0) {
    return (
      <div className="empty">
        <p className="empty-title">{t("empty")}</p>
        <p className="muted">{t("emptyHint")}</p>
      </div>
    );
  }
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">{t("columns.address")}</th>
          <th scope="col">{t("columns.events")}</th>
          <th scope="col">{t("columns.state")}</th>
          <th scope="col">{t("columns.latest")}</th>
          <th scope="col">
            <span className="visually-hidden">{t("columns.actions")}</span>
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
            <td>
              {hook.active ? (
                t("on")
              ) : (
                <span title={hook.disabledReason && locale === "en" ? hook.disabledReason : undefined}>{hook.disabledReason ? t("failing") : t("off")}</span>
              )}
            </td>
            <td>
              <LastDelivery delivery={latest[hook.id]} t={t} locale={locale} dates={dates} />
            </td>
            <td className="actions">
              <form action={pingWebhookAction}>
                <input type="hidden" name="webhookId" value={hook.id} />
                <SubmitButton className="button secondary small" pending={t("sending")}>
                  <span aria-hidden="true">{t("sendTest")}</span>
                  <span className="visually-hidden">{t("sendTestTo", { url: hook.url })}</span>
                </SubmitButton>
              </form>
              <form action={deleteWebhookAction}>
                <input type="hidden" name="webhookId" value={hook.id} />
                <SubmitButton className="button danger small" pending={t("deleting")}>
                  <span aria-hidden="true">{t("delete")}</span>
                  <span className="visually-hidden">{t("deleteFor", { url: hook.url })}</span>
                </SubmitButton>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
