import type { Metadata } from "next";
import { SCOPES } from "@/server/auth/scopes";
import { listTokens } from "@/server/tokens/list-tokens";
import { requirePrincipal } from "../../../_components/require-principal";
import { NewTokenForm } from "./new-token-form";
import { TokenTable } from "./token-table";

export const metadata: Metadata = { title: "Tokens" };

/** Settings → Tokens: make named tokens with chosen scopes, see where they were used, revoke them. */
export default async function TokensPage() {
  const principal = await requirePrincipal("/settings/tokens");
  const tokens = await listTokens(principal);
  const heldScopes = SCOPES.filter((scope) => principal.scopes.has(scope));
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
    </div>
  );
}
