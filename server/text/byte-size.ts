/**
 * A size for a sentence: "5 MiB", "99.5 MiB", "64 KiB", "900 bytes" — binary units, as every limit
 * is set. Shared by server messages and the browser's sentences, so a limit reads the same in both.
 */
export function byteSize(bytes: number): string {
  const trim = (n: number) => n.toFixed(1).replace(/\.0$/, "");
  if (bytes >= 1024 * 1024) return `${trim(bytes / 1024 / 1024)} MiB`;
  if (bytes >= 1024) return `${trim(bytes / 1024)} KiB`;
  return `${bytes} bytes`;
}
