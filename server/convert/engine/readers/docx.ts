import mammoth from "mammoth";
import { AppError } from "../../../errors";
import { decodeEntities } from "../markdown/tokens";
import type { DocumentModel } from "../model";
import { rezipSafely, unzipSafely } from "../zip";
import { elementText, htmlDocument } from "./html";

// Word's Title, Author and Date paragraphs are the book's metadata, not a chapter's text, and a
// manuscript's contact lines and END mark (see ../writers/docx.ts) are no part of it (a subtitle
// is the writer's text, and stays). The classes are the HTML reader's TITLE_PAGE_CLASS.
const STYLE_MAP = [
  "p[style-name='Title'] => p.inkstone-title:fresh",
  "p[style-name='Author'] => p.inkstone-author:fresh",
  "p[style-name='Date'] => p.inkstone-date:fresh",
  "p[style-name='Contact'] => p.inkstone-page:fresh",
  "p[style-name='End'] => p.inkstone-page:fresh",
];

/** The title, author and language in docProps/core.xml (Dublin Core). */
function coreProperties(xml: string | undefined): Pick<DocumentModel, "title" | "author" | "language"> {
  const field = (name: string) => {
    const value = xml && elementText(xml, name)?.trim();
    return value ? decodeEntities(value) : undefined;
  };
  return { title: field("dc:title"), author: field("dc:creator"), language: field("dc:language") };
}

/** DOCX with mammoth (styles to semantic HTML), then the HTML reader. */
export async function readDocx(bytes: Uint8Array): Promise<DocumentModel> {
  // mammoth inflates what it is given, to whatever size the data really has: it gets the checked
  // entries, stored, so an entry whose declared size lies cannot expand past ZIP_LIMITS.
  const stored = rezipSafely(bytes, "DOCX document");
  // Views of the stored archive, not copies: the document is held expanded once.
  const files = unzipSafely(stored, "DOCX document", (name) => name === "word/document.xml" || name === "docProps/core.xml");
  if (!files["word/document.xml"]) throw new AppError("corrupt_document", "The DOCX document has no word/document.xml; it is damaged or not a Word document.");
  const core = files["docProps/core.xml"] ? new TextDecoder().decode(files["docProps/core.xml"]) : undefined;
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength) }, { styleMap: STYLE_MAP })).value;
  } catch (error) {
    throw new AppError("corrupt_document", `The DOCX document cannot be read: ${(error as Error).message}`);
  }
  const model = htmlDocument(html);
  const meta = coreProperties(core);
  return { ...model, title: meta.title || model.title, author: meta.author || model.author, language: meta.language || model.language };
}
