import { Fences } from "../../../text/markdown-lines";
import { replaceFootnoteRefs } from "../../../text/footnote-refs";
import { paragraphsByLine } from "../markdown/paragraphs";
import { frontMatterPages } from "../compile";
import { chapterTitleOf, type DocumentModel } from "../model";
import { encodeUtf8 } from "../text";

const yamlString = (value: string) => JSON.stringify(value);

/**
 * One Markdown file: YAML front matter (pandoc reads it as metadata), each chapter under a level-1
 * heading, paragraphs apart by blank lines as every Markdown reader expects (Inkstone's own
 * one-line paragraphs would be joined by them). Footnote labels are per chapter in the model; one that an earlier chapter already used
 * is renamed so the file's labels stay unique.
 */
export function modelToMarkdown(model: DocumentModel): string {
  const meta = [
    model.title && `title: ${yamlString(model.title)}`,
    model.author && `author: ${yamlString(model.author)}`,
    model.language && `lang: ${yamlString(model.language)}`,
  ].filter(Boolean);
  const used = new Set<string>();
  const chapters = model.chapters.map((chapter, index) => {
    const renamed = new Map<string, string>();
    const body = replaceFootnoteRefs(chapter.markdown, (label) => {
      let unique = renamed.get(label);
      if (!unique) {
        unique = used.has(label) ? `${label}-${index + 1}` : label;
        renamed.set(label, unique);
        used.add(unique);
      }
      return `[^${unique}]`;
    });
    // A converted document's text before its first heading has no title, and is given none.
    if (index === 0 && !chapter.title.trim()) return demoteHeadings(paragraphsByLine(body)).trimEnd();
    const title = chapterTitleOf(chapter, index, model.language);
    return `# ${title.replace(/^([#>+-])/, "\\$1").replace(/([*_`[\]\\])/g, "\\$1")}\n\n${demoteHeadings(paragraphsByLine(body))}`.trimEnd();
  });
  const head = meta.length > 0 ? `---\n${meta.join("\n")}\n---\n\n` : "";
  return `${head}${frontMatterMarkdown(model)}${chapters.join("\n\n")}\n`;
}

// A level-1 heading inside a chapter would start a new chapter when the file is read back.
function demoteHeadings(markdown: string): string {
  const fences = new Fences();
  return markdown
    .split("\n")
    .map((line) => {
      const code = fences.next(line) !== null;
      return !code && /^ {0,3}#(?!#)[ \t]/.test(line) ? line.replace("#", "##") : line;
    })
    .join("\n");
}

export function writeMarkdown(model: DocumentModel) {
  return { bytes: encodeUtf8(modelToMarkdown(model)), mediaType: "text/markdown; charset=utf-8", extension: "md" };
}

/**
 * The copyright and dedication as paragraphs before the first chapter: text before the first
 * heading, which every reader (Inkstone's import too) takes for front matter. A line break inside
 * a paragraph is a hard break; the text is escaped, never read as markup.
 */
function frontMatterMarkdown(model: DocumentModel): string {
  const pages = frontMatterPages(model);
  if (pages.length === 0) return "";
  const escape = (line: string) => line.replace(/[\\`*_[\]<>#|~]/g, "\\$&").replace(/^([+-])(?=\s)/, "\\$1").replace(/^(\d+)([.)])(?=\s)/, "$1\\$2");
  return pages.map((page) => page.paragraphs.map((lines) => lines.map(escape).join("\\\n")).join("\n\n")).join("\n\n") + "\n\n";
}
