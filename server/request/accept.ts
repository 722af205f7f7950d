import Negotiator from "negotiator";

// Every Accept header the server reads is parsed here, by negotiator (quoted strings, parameters,
// q-values as RFC 9110 §12.5.1 has them). Callers differ in what the header MEANS to them, so each
// meaning is a function of its own below; the page-or-API choice on /books is the one reader that
// does not come here (server/http/negotiation.mjs says why).

/**
 * The media types an Accept header asks for, most wanted first (by q, then by their order in the
 * header), as written (`type/subtype`, parameters dropped). Entries with q=0 — "not this" — and
 * entries that are not media types are left out. Null when there is no header or it is blank: the
 * caller states no preference, and takes what it is given.
 */
export function acceptedMediaTypes(accept: string | null | undefined): string[] | null {
  return negotiator(accept)?.mediaTypes() ?? null;
}

function negotiator(accept: string | null | undefined): Negotiator | null {
  return accept?.trim() ? new Negotiator({ headers: { accept } }) : null;
}

/**
 * May a JSON answer be sent? Yes without a preference; else when application/json is acceptable,
 * directly or through a wildcard (any type, or `application/*`), and not refused with q=0 — or when the
 * header names any `+json` type (application/problem+json …): JSON is what those callers parse.
 */
export function acceptsJson(accept: string | null | undefined): boolean {
  const header = negotiator(accept);
  if (!header) return true;
  return header.mediaTypes(["application/json"]).length > 0 || header.mediaTypes().some((type) => type.toLowerCase().endsWith("+json"));
}

/**
 * The first of `offered` the header names outright, by the caller's preference; a wildcard names
 * nothing. For a choice the caller must make on purpose (which file format to write): the
 * any-type wildcard that curl and browsers send must not pick one on their behalf.
 */
export function namedMediaType(accept: string | null | undefined, offered: readonly string[]): string | undefined {
  const byType = new Map(offered.map((type) => [type.toLowerCase(), type]));
  for (const type of acceptedMediaTypes(accept) ?? []) {
    const match = byType.get(type.toLowerCase());
    if (match) return match;
  }
  return undefined;
}
