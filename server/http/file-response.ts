/**
 * A download: the bytes with their own Content-Type and an RFC 6266 Content-Disposition whose
 * `filename` is an ASCII stand-in for old clients and `filename*` the real (UTF-8) name.
 */
export function fileResponse(file: { bytes: Uint8Array; name: string; mediaType: string }, status = 200): Response {
  return new Response(new Uint8Array(file.bytes), {
    status,
    headers: {
      "content-type": file.mediaType,
      "content-length": String(file.bytes.byteLength),
      "content-disposition": contentDisposition(file.name),
      "cache-control": "no-store",
    },
  });
}

export function contentDisposition(name: string): string {
  const fallback = name.normalize("NFKD").replace(/[^\x20-\x7e]/g, "").replace(/["\\%]/g, "").replace(/\s+/g, " ").trim();
  const extension = name.match(/\.[A-Za-z0-9]+$/)?.[0] ?? "";
  const ascii = fallback && fallback !== extension ? fallback : `document${extension}`;
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(name)}`;
}

// encodeURIComponent leaves ' ( ) * unescaped, which RFC 5987's attr-char does not allow.
function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A file name from a title: no path separators or control characters, at most 120 characters. */
export function safeFileName(title: string, extension: string): string {
  const base = title.replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 120) || "document";
  return `${base}.${extension}`;
}
