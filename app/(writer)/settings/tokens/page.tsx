import type { Metadata } from "next";
import { hasScope, SCOPES } from "@/server/auth/scopes";
import { defaultCollectionOptions } from "@/server/collections";
import { deliveriesCollection, listDeliveries } from "@/server/webhooks/list-deliveries";
import { listWebhooks, webhooksCollection } from "@/server/webhooks/list-webhooks";
import { listTokens } from "@/server/tokens/list-tokens";
import { requirePrincipal } from "../../../_components/require-principal";
import { getT } from "../../../_i18n/server";
import { NewTokenForm } from "./new-token-form";
import { NewWebhookForm } from "./new-webhook-form";
import { TokenTable } from "./token-table";
import { WebhookTable } from "./webhook-table";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getT("settings.tokens"))("title") };
}

/**
 * Settings → Tokens: make named tokens with chosen scopes, see where they were used, revoke them;
 * and webhooks (decision 0474): add an address to be told of events, test it, see how its latest
 * delivery went, delete it.
 */
export default async function TokensPage() {
  const principal = await requirePrincipal("/settings/tokens");
  const t = await getT("settings");
  const tokens = await listTokens(principal);
  const heldScopes = SCOPES.filter((scope) => principal.scopes.has(scope));
  const managesWebhooks = hasScope(principal, "webhooks");
  const webhooks = managesWebhooks ? (await listWebhooks(defaultCollectionOptions(webhooksCollection, { perPage: 100 }), principal)).items : [];
  const latest = Object.fromEntries(
    await Promise.all(
      webhooks.map(async (hook) => [hook.id, (await listDeliveries({ webhookId: hook.id, ...defaultCollectionOptions(deliveriesCollection, { perPage: 1 }) }, principal)).items[0]] as const),
    ),
  );
  return (
    <div className="narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("tokens.heading")}</h1>
      <p className="muted lede">{t.rich("tokens.lede", { code: (chunks) => <code>{chunks}</code> })}</p>
      <section aria-labelledby="new-token-heading" className="panel">
        <h2 id="new-token-heading">{t("tokens.newHeading")}</h2>
        <NewTokenForm scopes={heldScopes} />
      </section>
      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">{t("tokens.activeHeading")}</h2>
        <TokenTable tokens={tokens} />
      </section>
      {managesWebhooks && (
        <section aria-labelledby="webhooks-title" id="webhooks" className="settings-part">
          <h2 id="webhooks-title">{t("webhooks.heading")}</h2>
          <p className="muted lede">{t("webhooks.lede")}</p>
          <section aria-labelledby="new-webhook-heading" className="panel">
            <h3 id="new-webhook-heading">{t("webhooks.newHeading")}</h3>
            <NewWebhookForm />
          </section>
          <section aria-labelledby="webhooks-heading">
            <h3 id="webhooks-heading">{t("webhooks.listHeading")}</h3>
            <WebhookTable webhooks={webhooks} latest={latest} />
          </section>
        </section>
      )}
    </div>
  );
}
