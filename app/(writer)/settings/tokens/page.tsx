import type { Metadata } from "next";
import { hasScope, SCOPES } from "@/server/auth/scopes";
import { defaultCollectionOptions } from "@/server/collections";
import { deliveriesCollection, listDeliveries } from "@/server/webhooks/list-deliveries";
import { listWebhooks, webhooksCollection } from "@/server/webhooks/list-webhooks";
import { listTokens } from "@/server/tokens/list-tokens";
import { requirePrincipal } from "../../../_components/require-principal";
import { NewTokenForm } from "./new-token-form";
import { NewWebhookForm } from "./new-webhook-form";
import { TokenTable } from "./token-table";
import { WebhookTable } from "./webhook-table";

export const metadata: Metadata = { title: "Tokens" };

/**
 * Settings → Tokens: make named tokens with chosen scopes, see where they were used, revoke them;
 * and webhooks (decision 0474): add an address to be told of events, test it, see how its latest
 * delivery went, delete it.
 */
export default async function TokensPage() {
  const principal = await requirePrincipal("/settings/tokens");
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
      <p className="eyebrow">Settings</p>
      <h1>Tokens</h1>
      <p className="muted lede">
        Tokens let scripts, tools and the <code>inkstone</code> command-line client act for you through the API. Give
        each one a name and only the scopes it needs; revoke it the moment it is no longer used.
      </p>
      <section aria-labelledby="new-token-heading" className="panel">
        <h2 id="new-token-heading">New token</h2>
        <NewTokenForm scopes={heldScopes} />
      </section>
      <section aria-labelledby="tokens-heading">
        <h2 id="tokens-heading">Active tokens</h2>
        <TokenTable tokens={tokens} />
      </section>
      {managesWebhooks && (
        <section aria-labelledby="webhooks-title" id="webhooks" className="settings-part">
          <h2 id="webhooks-title">Webhooks</h2>
          <p className="muted lede">
            A webhook tells another service the moment something happens — a chapter saved, a book made or deleted, an
            export finished — instead of it asking again and again. Each delivery is signed with the webhook&apos;s secret
            and retried for a day if the address does not answer.
          </p>
          <section aria-labelledby="new-webhook-heading" className="panel">
            <h3 id="new-webhook-heading">New webhook</h3>
            <NewWebhookForm />
          </section>
          <section aria-labelledby="webhooks-heading">
            <h3 id="webhooks-heading">Your webhooks</h3>
            <WebhookTable webhooks={webhooks} latest={latest} />
          </section>
        </section>
      )}
    </div>
  );
}
