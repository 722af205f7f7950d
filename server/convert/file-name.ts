/** A title as the name of a file or folder: no path separators or control characters, at most 120 characters. */
export function safeName(title: string, fallback = "document"): string {
  return title.replace(/[\p{Cc}/\\:*?"<>|]+/gu, " ").replace(/\s+/g, " ").trim().slice(0, 120) || fallback;
}

/** A download's name from a title: no path separators or control characters, at most 120 characters. */
export function safeFileName(title: string, extension: string): string {
  return `${safeName(title)}.${extension}`;
}
