/** The editor at a spot of a chapter: selected and in view (the editor reads ?at=&len=, offsets in the stored text). */
export function editorHref(bookId: string, chapterId: string, at: number, length: number): string {
  return `/books/${bookId}/chapters/${chapterId}?at=${at}&len=${length}`;
}
