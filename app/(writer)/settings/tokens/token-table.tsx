import type { Dates } from "@/i18n/dates";
import type { TokenDto } from "@/server/tokens/schemas";
import { SubmitButton } from "../../../_components/submit-button";
import { getDates, getT } from "../../../_i18n/server";
import { revokeTokenAction } from "./actions";

type Words = Awaited<ReturnType<typeof getT<"settings.tokens">>>;

function LastUsed({ token, t, dates }: { token: TokenDto; t: Words; dates: Dates }) {
  if (!token.lastUsedAt) return <span className="muted">{t("never")}</span>;
  return (
    <>
      <time dateTime={token.lastUsedAt}>{dates.dateTime(token.lastUsedAt)}</time>
      {token.lastUsedFrom && <span className="muted block">{t("from", { address: token.lastUsedFrom })}</span>}
    </>
  );
}

/** The writer's tokens that still work, each with a revoke button. */
export async function TokenTable({ tokens }: { tokens: TokenDto[] }) {
  const [t, dates] = await Promise.all([getT("settings.tokens"), getDates()]);
  if (tokens.length === 0) {
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
          <th scope="col">{t("columns.name")}</th>
          <th scope="col">{t("columns.kind")}</th>
          <th scope="col">{t("columns.scopes")}</th>
          <th scope="col">{t("columns.created")}</th>
          <th scope="col">{t("columns.lastUsed")}</th>
          <th scope="col">{t("columns.expires")}</th>
          <th scope="col">
            <span className="visually-hidden">{t("columns.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <th scope="row">{token.name}</th>
            <td>{t(`kinds.${token.kind}`)}</td>
            <td>
              <ul className="scope-list">
                {token.scopes.map((scope) => (
                  <li key={scope}>
                    <code>{scope}</code>
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <time dateTime={token.createdAt}>{dates.date(token.createdAt)}</time>
            </td>
            <td>
              <LastUsed token={token} t={t} dates={dates} />
            </td>
            <td>
              <time dateTime={token.expiresAt}>{dates.date(token.expiresAt)}</time>
            </td>
            <td className="actions">
              <form action={revokeTokenAction}>
                <input type="hidden" name="tokenId" value={token.id} />
                <SubmitButton className="button danger small" pending={t("revoking")}>
                  <span aria-hidden="true">{t("revoke")}</span>
                  <span className="visually-hidden">{t("revokeNamed", { name: token.name })}</span>
                </SubmitButton>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
