import type { TokenDto } from "@/server/tokens/schemas";
import { formatDate, formatDateTime } from "../../../_components/format";
import { SubmitButton } from "../../../_components/submit-button";
import { revokeTokenAction } from "./actions";

function LastUsed({ token }: { token: TokenDto }) {
  if (!token.lastUsedAt) return <span className="muted">never</span>;
  return (
    <>
      <time dateTime={token.lastUsedAt}>{formatDateTime(token.lastUsedAt)}</time>
      {token.lastUsedFrom && <span className="muted block">from {token.lastUsedFrom}</span>}
    </>
  );
}

/** The writer's tokens that still work, each with a revoke button. */
export function TokenTable({ tokens }: { tokens: TokenDto[] }) {
  if (tokens.length === 0) {
    return (
      <div className="empty">
        <p className="empty-title">No active tokens.</p>
        <p className="muted">Tokens you create here, and sign-ins from the command-line client, appear in this list.</p>
      </div>
    );
  }
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Kind</th>
          <th scope="col">Scopes</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">Expires</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {tokens.map((token) => (
          <tr key={token.id}>
            <th scope="row">{token.name}</th>
            <td>{token.kind}</td>
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
              <time dateTime={token.createdAt}>{formatDate(token.createdAt)}</time>
            </td>
            <td>
              <LastUsed token={token} />
            </td>
            <td>
              <time dateTime={token.expiresAt}>{formatDate(token.expiresAt)}</time>
            </td>
            <td className="actions">
              <form action={revokeTokenAction}>
                <input type="hidden" name="tokenId" value={token.id} />
                <SubmitButton className="button danger small" pending="Revoking…">
                  <span aria-hidden="true">Revoke</span>
                  <span className="visually-hidden">Revoke {token.name}</span>
                </SubmitButton>
              </form>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
