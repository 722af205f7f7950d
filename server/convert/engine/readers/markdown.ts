import { splitMarkdown } from "../markdown/chapters";
import { unwrapMarkdown } from "../markdown/wrapped";
import type { DocumentModel } from "../model";
import { decodeManuscript } from "../encoding";

/** title/author/lang from a YAML front matter block of simple `key: value` lines (what pandoc writes). */
function frontMatter(text: string): { meta: Record<string, string>; body: string } {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(text);
  if (!match) return { meta: {}, body: text };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    // Trimmed rather than matched around: /[ \t]*(.*?)[ \t]*$/ is quadratic in a run of blanks.
    const pair = /^([A-Za-z][\w-]*):(.*)$/.exec(line);
    if (pair) meta[pair[1]!.toLowerCase()] = unquote(pair[2]!.replace(/^[ \t]+/, "").trimEnd());
  }
  return { meta, body: text.slice(match[0].length) };
}

function unquote(value: string): string {
  if (/^'.*'$/.test(value)) return value.slice(1, -1).replace(/''/g, "'");
  if (/^".*"$/.test(value)) return JSON.parse(value) as string;
  return value;
}

export function readMarkdown(bytes: Uint8Array): DocumentModel {
  const { meta, body } = frontMatter(decodeManuscript(bytes).text);
  const { title, chapters } = splitMarkdown(unwrapMarkdown(body));
  return {
    title: meta.title || title,
    author: meta.author || undefined,
    language: meta.lang || meta.language || undefined,
    chapters,
  };
}
