/**
 * A paragraph that is only a scene-break mark: "* * *", "#", "⁂", and what pandoc's writers make
 * of a thematic break in RTF ("—————") and AsciiDoc. Tested on trimmed text: blanks on both sides
 * of a repeated group made the pattern quadratic. The HTML importer and the editor's rich paste
 * read breaks with it.
 */
export const SCENE_BREAK = /^(?:[*#~⁂§•·](?:\s*[*#~⁂§•·]){0,4}|[—–_-]{3,}|['’]{3,})$/;
