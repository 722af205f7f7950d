import type { EditorBibleEntry } from "./bible-panel";

/**
 * An entry's card, shown when the writer hovers its name in the text: the name, its kind and
 * other names, the short description, and a link to the entry's page. Built as plain DOM, since
 * CodeMirror places and removes it (a tooltip), not React.
 */
export function entryCard(entry: EditorBibleEntry, href: string, language: string): HTMLElement {
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
  kind.textContent = entry.kind;
  if (entry.aliases.length) {
    const aliases = card.appendChild(document.createElement("p"));
    aliases.className = "bible-card-aliases";
    aliases.lang = language;
    aliases.textContent = `Also: ${entry.aliases.join(", ")}`;
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
  link.textContent = "Open entry";
  return card;
}
