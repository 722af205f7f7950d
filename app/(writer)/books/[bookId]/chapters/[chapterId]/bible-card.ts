import type { BUILT_IN_KINDS } from "@/server/bible/schemas";
import type { EditorBibleEntry } from "./bible-panel";

type BuiltInKind = (typeof BUILT_IN_KINDS)[number];
/** The kinds the bible names itself (server/bible/schemas.ts, not imported: it would bring zod into the editor). */
const BUILT_IN: Record<BuiltInKind, true> = { character: true, place: true, object: true, group: true, lore: true };
export const isBuiltInKind = (kind: string): kind is BuiltInKind => Object.hasOwn(BUILT_IN, kind);

/** The card's own words, in the page's language (the catalog's `editor.bible`). */
export interface CardWords {
  /** a built-in kind's name; a kind the writer named is their own word, shown as it is */
  kind(kind: string): string;
  also(names: string): string;
  openEntry: string;
}

/**
 * An entry's card, shown when the writer hovers its name in the text: the name, its kind and
 * other names, the short description, and a link to the entry's page. Built as plain DOM, since
 * CodeMirror places and removes it (a tooltip), not React.
 */
export function entryCard(entry: EditorBibleEntry, href: string, language: string, words: CardWords): HTMLElement {
  const card = document.createElement("div");
  card.className = "bible-card";
  card.setAttribute("role", "tooltip");
  const head = card.appendChild(document.createElement("p"));
  head.className = "bible-card-head";
  const name = head.appendChild(document.createElement("strong"));
  name.textContent = entry.name;
  name.lang = language;
  const kind = head.appendChild(document.createElement("span"));
  kind.className = "bible-card-kind";
  kind.textContent = words.kind(entry.kind);
  if (entry.aliases.length) {
    const aliases = card.appendChild(document.createElement("p"));
    aliases.className = "bible-card-aliases";
    aliases.lang = language;
    aliases.textContent = words.also(entry.aliases.join(", "));
  }
  if (entry.description) {
    const description = card.appendChild(document.createElement("p"));
    description.lang = language;
    description.textContent = entry.description;
  }
  if (entry.status) {
    const status = card.appendChild(document.createElement("p"));
    status.className = "bible-card-status";
    status.lang = language;
    status.textContent = entry.status;
  }
  const link = card.appendChild(document.createElement("a"));
  link.href = href;
  link.textContent = words.openEntry;
  return card;
}
