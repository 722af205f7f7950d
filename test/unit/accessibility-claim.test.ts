// Issue 37 item 3's last part (decision 0485 amended): a WCAG conformance claim the writer makes for a
// book someone has evaluated, carried by the EPUB as EPUB Accessibility 1.1 asks (the level, who
// evaluated it, their credential and report), epubcheck-clean; withdrawn, the EPUB claims nothing.
// Against a real SQLite file (and PostgreSQL).
// @module-tag postgres
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { patchBookInput } from "@/server/books/schemas";
import { updateBook } from "@/server/books/update-book";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { exportBook } from "@/server/convert/export-book";
import { newWriter } from "../support/principals";
import { epubcheck } from "./convert-engine-support";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

async function packageOf(bookId: string, writer: Principal): Promise<{ opf: string; bytes: Uint8Array }> {
  const epub = (await exportBook({ bookId, format: "epub" }, writer)).file!;
  return { opf: decode(unzipSync(epub.bytes)["OEBPS/content.opf"]!), bytes: epub.bytes };
}

describe("an accessibility claim the writer makes", () => {
  let ann: Principal;
  let bookId: string;
  beforeAll(async () => {
    ann = await newWriter("claim-ann");
    bookId = (await createBook({ title: "The Long Tide", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, ann)).id;
    await uploadChapter({ bookId, title: "Harbour", content: "It began at the harbour." }, ann);
  });

  it("goes into the EPUB with who evaluated the book, and epubcheck passes", async () => {
    const claim = {
      conformsTo: "EPUB Accessibility 1.1 - WCAG 2.1 Level AA",
      certifiedBy: "Tide & Sons Accessibility",
      credential: "DAISY Ace reviewed",
      report: "https://example.org/reports/long-tide?edition=1&print=no",
    };
    const book = await updateBook({ bookId, changes: patchBookInput.parse({ accessibilityClaim: claim }) }, ann);
    expect(book.accessibilityClaim).toEqual(claim);

    const { opf, bytes } = await packageOf(bookId, ann);
    expect(opf).toContain('<meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</meta>');
    expect(opf).toContain('<meta property="a11y:certifiedBy" id="certifier">Tide &amp; Sons Accessibility</meta>');
    expect(opf).toContain('<meta property="a11y:certifierCredential" refines="#certifier">DAISY Ace reviewed</meta>');
    expect(opf).toContain('<link rel="a11y:certifierReport" refines="#certifier" href="https://example.org/reports/long-tide?edition=1&amp;print=no"/>');
    expect(opf).toContain("It meets WCAG 2.1 Level AA, as evaluated by Tide &amp; Sons Accessibility.");
    expect(opf).not.toContain("claims no WCAG conformance level");
    const check = await epubcheck(bytes);
    expect(check.ok, check.report).toBe(true);
  });

  it("without a credential or report names only the level and the evaluator; withdrawn, the EPUB claims nothing", async () => {
    await updateBook({ bookId, changes: patchBookInput.parse({ accessibilityClaim: { conformsTo: "EPUB Accessibility 1.1 - WCAG 2.2 Level A", certifiedBy: "Ann Reader" } }) }, ann);
    const bare = (await packageOf(bookId, ann)).opf;
    expect(bare).toContain('<meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.2 Level A</meta>');
    expect(bare).toContain('<meta property="a11y:certifiedBy" id="certifier">Ann Reader</meta>');
    expect(bare).not.toContain("certifierCredential");
    expect(bare).not.toContain("certifierReport");

    const withdrawn = await updateBook({ bookId, changes: patchBookInput.parse({ accessibilityClaim: null }) }, ann);
    expect(withdrawn.accessibilityClaim).toBeNull();
    const opf = (await packageOf(bookId, ann)).opf;
    expect(opf).not.toContain("dcterms:conformsTo");
    expect(opf).not.toContain("a11y:");
    expect(opf).toContain("It claims no WCAG conformance level");
  });
});
