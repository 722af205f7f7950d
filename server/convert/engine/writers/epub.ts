import { randomUUID } from "node:crypto";
import { zipSync, type Zippable } from "fflate";
import { bookDirection, type Direction } from "../direction";
import { chapterHtml } from "../markdown/html";
import type { DocumentModel, WrittenDocument } from "../model";
import { encodeUtf8, escapeXml } from "../text";

/**
 * EPUB 3 from our own OPF, navigation document and one XHTML file per chapter, zipped with
 * fflate (the `mimetype` entry first and stored, as the OCF spec demands). Passes epubcheck.
 */

const CSS = `body{font-family:serif;line-height:1.5;margin:0 5%}
h1{text-align:center;margin:3em 0 1.5em;page-break-before:always}
p{margin:0;text-indent:1.5em}h1+p,hr+p{text-indent:0}
hr{border:0;margin:1.2em 0;text-align:center}hr::after{content:"* * *"}
.title-block{text-align:center;margin-top:30%}.title-block .title{font-size:2em;text-indent:0}.title-block .author{text-indent:0}
.footnotes{font-size:.9em;margin-top:2em}.footnotes p{text-indent:0}`;

function xhtml(title: string, language: string, direction: Direction, body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${language}" lang="${language}" dir="${direction}">
<head>
<meta charset="utf-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body>
${body}
</body>
</html>
`;
}

export function writeEpub(model: DocumentModel): WrittenDocument {
  const language = escapeXml(model.language?.trim() || "en");
  const direction = bookDirection(language);
  const title = model.title?.trim() || model.chapters[0]?.title.trim() || "Untitled";
  const identifier = `urn:uuid:${randomUUID()}`;
  const modified = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
  const chapters = model.chapters.map((chapter, index) => ({
    file: `chapter-${index + 1}.xhtml`,
    id: `chapter-${index + 1}`,
    title: chapter.title.trim() || `Chapter ${index + 1}`,
    html: chapterHtml(chapter.markdown, index + 1, { xhtml: true, direction }),
  }));
  const files: Zippable = {};
  // fflate writes entries in insertion order: mimetype must come first, uncompressed.
  files.mimetype = [encodeUtf8("application/epub+zip"), { level: 0 }];
  files["META-INF/container.xml"] = encodeUtf8(`<?xml version="1.0" encoding="utf-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`);
  const titleBody = `<section class="title-block" epub:type="titlepage">\n<p class="title">${escapeXml(title)}</p>\n${model.author ? `<p class="author">${escapeXml(model.author)}</p>\n` : ""}</section>`;
  const nav = `<nav epub:type="toc" id="toc" role="doc-toc">\n<h1>Contents</h1>\n<ol>\n${chapters.map((c) => `<li><a href="${c.file}">${escapeXml(c.title)}</a></li>`).join("\n")}\n</ol>\n</nav>`;
  const oebps: Record<string, string> = {
    "style.css": CSS,
    "title.xhtml": xhtml(title, language, direction, titleBody),
    "nav.xhtml": xhtml("Contents", language, direction, nav),
  };
  for (const c of chapters) oebps[c.file] = xhtml(c.title, language, direction, `<section epub:type="chapter" role="doc-chapter">\n<h1>${escapeXml(c.title)}</h1>\n${c.html}</section>`);
  oebps["content.opf"] = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${language}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">${identifier}</dc:identifier>
<dc:title>${escapeXml(title)}</dc:title>
<dc:language>${language}</dc:language>
${model.author ? `<dc:creator>${escapeXml(model.author)}</dc:creator>\n` : ""}<meta property="dcterms:modified">${modified}</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="style" href="style.css" media-type="text/css"/>
<item id="title" href="title.xhtml" media-type="application/xhtml+xml"/>
${chapters.map((c) => `<item id="${c.id}" href="${c.file}" media-type="application/xhtml+xml"/>`).join("\n")}
</manifest>
<spine page-progression-direction="${direction}">
<itemref idref="title"/>
<itemref idref="nav" linear="no"/>
${chapters.map((c) => `<itemref idref="${c.id}"/>`).join("\n")}
</spine>
</package>
`;
  for (const [name, text] of Object.entries(oebps)) files[`OEBPS/${name}`] = encodeUtf8(text);
  return { bytes: zipSync(files, { level: 6 }), mediaType: "application/epub+zip", extension: "epub" };
}
