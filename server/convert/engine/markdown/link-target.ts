import { decodeHTMLStrict } from "entities";

const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);

/**
 * Where a Markdown link or image may point in an exported book, as the text it stands for, or
 * null when it could do more than navigate. Markdown reads every HTML5 character reference in a
 * destination (`JaVaScRiPt&colon;alert(6)` is `javascript:alert(6)`), and browsers ignore blanks
 * and control characters inside a scheme: both are undone before the scheme is read. Only web and
 * mail addresses, and places in the book or beside it (no scheme), pass. A writer prints the
 * returned text escaped, so that what a reader's browser follows is what was checked here.
 */
export function linkTarget(href: string): string | null {
  const target = decodeHTMLStrict(href);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(target.replace(/[\u0000-\u0020\u007f-\u009f]/g, ""))?.[1]?.toLowerCase();
  return scheme === undefined || SAFE_SCHEMES.has(scheme) ? target : null;
}
