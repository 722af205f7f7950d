import { parse } from "content-disposition";

// A download's name travels in Content-Disposition (RFC 6266). The server writes it here and the
// browser (app/(writer)/books/_components/transfer.ts) and the CLI (cli/client.ts) read it here,
// so the three agree on every name a title can make.

/**
 * `attachment` with an ASCII `filename` for old clients and the exact name as UTF-8 `filename*`.
 * Written by hand rather than by the content-disposition package, which leaves `filename*` out of
 * an ASCII name: CLIs before issue 18 read `filename*` first and percent-decode a plain `filename`,
 * so a title such as "100% Done" would stop them.
 */
export function attachmentHeader(name: string): string {
  const asciiName = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeRFC5987(name)}`;
}

// encodeURIComponent leaves ' ( ) * as they are, which RFC 5987's attr-char does not allow.
function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The file's name from a Content-Disposition (the UTF-8 `filename*` when there is one); null without one. */
export function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  try {
    return parse(disposition).parameters.filename ?? null;
  } catch {
    // Not RFC 6266 (another server, a proxy): the caller names the file itself.
    return null;
  }
}
