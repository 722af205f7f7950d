/** A download's name from a title: no path separators or control characters, at most 120 characters. */
export function safeFileName(title: string, extension: string): string {
  const base = title.replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 120) || "document";
  return `${base}.${extension}`;
}
