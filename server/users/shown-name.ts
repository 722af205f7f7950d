/** What a person is called beside their words: the name they gave, else their e-mail ("" for an account since deleted). */
export function shownName(user: { name: string | null; email: string | null }): string {
  return user.name || user.email || "";
}
