// @ts-check
/**
 * A postgresql:// URL as libpq's environment variables, for pg_dump and pg_restore: on their
 * command line the password would show in every user's `ps`.
 * @param {string} url
 * @returns {Record<string, string>}
 */
export function libpqEnvironment(url) {
  const parsed = new URL(url);
  /** @type {Record<string, string>} */
  const variables = {
    PGHOST: decodeURIComponent(parsed.hostname) || "localhost",
    PGPORT: parsed.port || "5432",
    PGDATABASE: decodeURIComponent(parsed.pathname.slice(1)),
  };
  if (parsed.username) variables.PGUSER = decodeURIComponent(parsed.username);
  if (parsed.password) variables.PGPASSWORD = decodeURIComponent(parsed.password);
  // A socket folder given as ?host=/run/postgresql, and TLS, as libpq's own URL parameters.
  const host = parsed.searchParams.get("host");
  if (host) variables.PGHOST = host;
  const sslmode = parsed.searchParams.get("sslmode");
  if (sslmode) variables.PGSSLMODE = sslmode;
  return variables;
}
