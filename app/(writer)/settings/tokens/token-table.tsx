import type { Locale } from "@/i18n/locales";
import type { TokenDto } from "@/server/tokens/schemas";
import { formatDate, formatDateTime } from "../../../_components/format";
import { SubmitButton } from "../../../_components/submit-button";
import { getT, requestIntl } from "../../../_i18n/server";
import { revokeTokenAction } from "./actions";

type Words = Awaited<ReturnType<typeof getT<"settings.tokens">>>;

function LastUsed({ token, t, locale }: { token: TokenDto; t: Words; locale: Locale }) {
  if (!token.lastUsedAt) return <span className="muted">{t("never")}</span>;
  return (
    <>
      <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt, locale)}</time>
      {token.lastUsedFrom && <span className="muted block">{t("from", { address: token.lastUsedFrom })}</span>}
    </>
  );
}

/** The writer's tokens that still work, each with a revoke button. */
export async function TokenTable({ tokens }: { tokens: TokenDto[] }) {
  const [t, { locale }] = await Promise.all([getT("settings.tokens"), requestIntl()]);
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
              <time dateTime={token.createdAt}>{formatDate(token.createdAt, locale)}</time>
            </td>
            <td>
              <LastUsed token={token} t={t} locale={locale} />
            </td>
            <td>
              <time dateTime={token.expiresAt}>{formatDate(token.expiresAt, locale)}</time>
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
