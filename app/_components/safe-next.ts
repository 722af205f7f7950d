/** Only same-site paths, so a crafted link cannot send a writer elsewhere after signing in or up. */
export function safeNext(value: string | string[] | undefined): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\") ? value : "/books";
}
