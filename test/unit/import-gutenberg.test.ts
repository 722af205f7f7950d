// @module-tag shared
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { readHere, writeHere } from "@/server/convert/engine/run";

/**
 * Issue 33 item 2: a novelist imported Project Gutenberg's Pride and Prejudice. Its HTML's
 * <p><br/></p> spacers came in as lines holding a backslash, printed at the end of 60 of 61 EPUB
 * chapters, and its header and licence became chapters of their own or the end of the last one.
 * These documents are written in the manner of Gutenberg's files (HTML5 with its pg-header and
 * pg-footer sections; plain text), much shortened.
 */

const bytes = (s: string) => new TextEncoder().encode(s);
const LICENCE = "Updated editions will replace the previous one—the old editions will be renamed.";

const gutenbergHtml = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>The Project Gutenberg eBook of Pride and Prejudice, by Jane Austen</title></head>
<body>
<section class="pg-boilerplate pgheader" id="pg-header" lang="en">
<h2 id="pg-header-heading">The Project Gutenberg eBook of <span id="pg-title-no-subtitle">Pride and Prejudice</span></h2>
<div>This ebook is for the use of anyone anywhere in the United States and most other parts of the world at no cost.</div>
<div class="container" id="pg-machine-header"><p><strong>Title</strong>: Pride and Prejudice</p>
<div id="pg-header-authlist"><p><strong>Author</strong>: Jane Austen</p></div>
<p><strong>Release date</strong>: June 1, 1998 [eBook #1342]</p><p><strong>Language</strong>: English</p></div>
<div id="pg-start-separator"><span>*** START OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***</span></div>
</section>
<h1>PRIDE AND PREJUDICE</h1>
<p class="center">By Jane Austen</p>
<p><br/></p>
<h2>Chapter I.</h2>
<p>It is a truth universally acknowledged, that a single man in possession of a good fortune must be in want of a wife.</p>
<p><br/></p>
<p>However little known the feelings or views of such a man may be.<br/>
</p>
<p>&nbsp;</p>
<h2>Chapter II.</h2>
<p>Mr. Bennet was among the earliest of those who waited on Mr. Bingley.<br/>He had always intended to visit him.</p>
<p><span>Till the evening after the visit was paid she had no knowledge of it.<br/></span> </p>
<p><br></p>
<section class="pg-boilerplate pgheader" id="pg-footer" lang="en">
<div id="pg-end-separator"><span>*** END OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***</span></div>
<div>${LICENCE}</div>
<h2 id="project-gutenberg-license">THE FULL PROJECT GUTENBERG LICENSE</h2>
<p>PLEASE READ THIS BEFORE YOU DISTRIBUTE OR USE THIS WORK</p>
<h3>Section 1. General Terms of Use and Redistributing Project Gutenberg electronic works</h3>
</section>
</body></html>`;

const gutenbergText = `The Project Gutenberg eBook of Pride and Prejudice

This ebook is for the use of anyone anywhere in the United States and
most other parts of the world at no cost.

Title: Pride and Prejudice

Author: Jane Austen

Release date: June 1, 1998 [eBook #1342]

Language: English

*** START OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***

PRIDE AND PREJUDICE

By Jane Austen

CHAPTER I.

It is a truth universally acknowledged, that a single man in possession
of a good fortune must be in want of a wife.

CHAPTER II.

Mr. Bennet was among the earliest of those who waited on Mr. Bingley.

End of the Project Gutenberg EBook of Pride and Prejudice, by Jane Austen

*** END OF THE PROJECT GUTENBERG EBOOK PRIDE AND PREJUDICE ***

${LICENCE}

START: FULL LICENSE

THE FULL PROJECT GUTENBERG LICENSE
PLEASE READ THIS BEFORE YOU DISTRIBUTE OR USE THIS WORK

Section 1. General Terms of Use and Redistributing Project Gutenberg electronic works
`;

/** The paragraphs that end in a Markdown hard break (a backslash not itself escaped), printed as a backslash. */
const endingInABreak = (markdown: string) => markdown.split(/\n\n+/).filter((paragraph) => /(?:^|[^\\])(?:\\\\)*\\$/.test(paragraph.trim()));

describe("issue 33 item 2: a Gutenberg book imports as the book alone", () => {
  it("drops HTML's spacer paragraphs and the breaks that end a paragraph, keeping the breaks inside one", async () => {
    const model = await readHere(bytes(gutenbergHtml), "html");
    expect(model.chapters.flatMap((c) => endingInABreak(c.markdown))).toEqual([]);
    expect(model.chapters[1]!.markdown).toBe(
      "Mr. Bennet was among the earliest of those who waited on Mr. Bingley.\\\nHe had always intended to visit him.\n\nTill the evening after the visit was paid she had no knowledge of it.",
    );
  });

  it("leaves out the header and the licence, and takes the header's title and author, from HTML and from text", async () => {
    for (const [format, document] of [["html", gutenbergHtml], ["txt", gutenbergText]] as const) {
      const model = await readHere(bytes(document), format);
      expect({ format, title: model.title, author: model.author, chapters: model.chapters.map((c) => c.title) }).toEqual({
        format,
        title: "Pride and Prejudice",
        author: "Jane Austen",
        chapters: format === "html" ? ["Chapter I.", "Chapter II."] : ["CHAPTER I.", "CHAPTER II."],
      });
      const text = model.chapters.map((c) => c.markdown).join("\n");
      expect(text).not.toMatch(/Gutenberg|LICENSE|Updated editions|This ebook/i);
      // The last chapter ends where the book does, before the end mark (and an older file's line above it).
      expect(model.chapters.at(-1)!.markdown).toMatch(format === "html" ? /she had no knowledge of it\.$/ : /waited on Mr\. Bingley\.$/);
    }
  });

  it("prints no backslash at a chapter's end in the EPUB made from it", async () => {
    const epub = await writeHere(await readHere(bytes(gutenbergHtml), "html"), "epub");
    const files = unzipSync(epub.bytes);
    const chapters = Object.entries(files).filter(([name]) => /\.xhtml$/.test(name) && !/nav|title/i.test(name));
    expect(chapters.length).toBeGreaterThanOrEqual(2);
    for (const [, body] of chapters) expect(new TextDecoder().decode(body)).not.toContain("\\");
  });

  it("leaves a book that only mentions Project Gutenberg as it is", async () => {
    const story = "# One\n\nShe read the start of the Project Gutenberg edition aloud.\n\nEND OF THE PROJECT GUTENBERG talk, he said.\n";
    const model = await readHere(bytes(story), "md");
    expect(model.chapters).toEqual([{ title: "One", markdown: "She read the start of the Project Gutenberg edition aloud.\n\nEND OF THE PROJECT GUTENBERG talk, he said." }]);
  });
});
