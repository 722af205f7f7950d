// @module-tag postgres
// Issue 37 items 3 and 4 over HTTP (decision 0485): the EPUB's accessibility metadata and
// language, read back from a real export and a conversion; a cover's size checked against what
// the stores take, with warnings the PUT answers and every GET keeps.
import { unzipSync } from "fflate";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get } from "../support/http-client";
import { trpcQuery } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let ann: Account;
beforeAll(async () => {
  ann = await signUp("publish-ann");
});

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A PNG of this many pixels, one colour: small as a file, any size as a picture. */
async function png(width: number, height: number): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 20 } } }).png().toBuffer();
  return new Uint8Array(buffer);
}

function pngForm(bytes: Uint8Array<ArrayBuffer>): FormData {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type: "image/png" }), "cover.png");
  return form;
}

/** The package's `<meta property=…>` values, by property, in order. */
function metaOf(opf: string): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const [, property, value] of opf.matchAll(/<meta property="([^"]+)"[^>]*>([^<]*)<\/meta>/g)) (found[property!] ??= []).push(value!);
  return found;
}

/** Every XHTML document in the EPUB and the `xml:lang`/`lang` on its root. */
function languagesOf(files: Record<string, Uint8Array>): Record<string, { xmlLang?: string; lang?: string }> {
  const documents = Object.entries(files).filter(([name]) => name.endsWith(".xhtml"));
  return Object.fromEntries(
    documents.map(([name, bytes]) => {
      const root = /<html\b[^>]*>/.exec(text(bytes))?.[0] ?? "";
      return [name, { xmlLang: /\sxml:lang="([^"]*)"/.exec(root)?.[1], lang: /\slang="([^"]*)"/.exec(root)?.[1] }];
    }),
  );
}

describe("the EPUB's accessibility metadata (issue 37 item 3)", () => {
  it("a book's export says what it is made of, and every document and the package name the book's language", async () => {
    const book = await createBook(ann.token, { title: "La Marée", language: "fr" });
    await uploadChapter(ann.token, book.id, "Tout commença au port.\n\n## Le quai\n\nLa marée revint.", "Le port");
    await uploadChapter(ann.token, book.id, "Le matin.", "Le matin");

    const plain = await get(`/api/v1/books/${book.id}/export?format=epub`, ann.token);
    expect(plain.status, plain.text.slice(0, 300)).toBe(200);
    const files = unzipSync(plain.bytes);
    const opf = text(files["OEBPS/content.opf"]!);
    expect(opf).toMatch(/<package [^>]*xml:lang="fr"/);
    expect(metaOf(opf)).toMatchObject({
      "schema:accessMode": ["textual"],
      "schema:accessModeSufficient": ["textual"],
      "schema:accessibilityFeature": ["structuralNavigation", "tableOfContents", "readingOrder", "displayTransformability", "ARIA"],
      "schema:accessibilityHazard": ["none"],
    });
    const summary = metaOf(opf)["schema:accessibilitySummary"]![0]!;
    expect(summary).toContain("table of contents");
    expect(summary).toContain("no pictures");
    expect(opf).toMatch(/<meta property="schema:accessibilitySummary" xml:lang="en">/);
    // No WCAG level is claimed for a text nobody has evaluated (decision 0485): only the writer claims one.
    expect(opf).not.toContain("dcterms:conformsTo");

    const languages = languagesOf(files);
    expect(Object.keys(languages).sort()).toEqual(["OEBPS/chapter-1.xhtml", "OEBPS/chapter-2.xhtml", "OEBPS/nav.xhtml", "OEBPS/title.xhtml"]);
    for (const [name, lang] of Object.entries(languages)) expect(lang, name).toEqual({ xmlLang: "fr", lang: "fr" });

    // With a cover, the book is visual too, and the cover's text alternative is claimed.
    expectSuccess(await call("PUT", `/api/v1/books/${book.id}/cover`, { token: ann.token, body: pngForm(await png(1600, 2560)) }), 201);
    const covered = unzipSync((await get(`/api/v1/books/${book.id}/export?format=epub`, ann.token)).bytes);
    const coveredMeta = metaOf(text(covered["OEBPS/content.opf"]!));
    expect(coveredMeta["schema:accessMode"]).toEqual(["textual", "visual"]);
    expect(coveredMeta["schema:accessModeSufficient"]).toEqual(["textual"]);
    expect(coveredMeta["schema:accessibilityFeature"]).toContain("alternativeText");
    expect(text(covered["OEBPS/cover.xhtml"]!)).toContain('alt="La Marée"');
    for (const [name, lang] of Object.entries(languagesOf(covered))) expect(lang, name).toEqual({ xmlLang: "fr", lang: "fr" });
  });

  it("claims a WCAG level only as the writer says, naming who evaluated the book; a claim without them is 422 and changes nothing", async () => {
    const book = await createBook(ann.token, { title: "The Claimed Tide" });
    await uploadChapter(ann.token, book.id, "It began.", "One");
    const path = `/api/v1/books/${book.id}`;
    const level = "EPUB Accessibility 1.1 - WCAG 2.1 Level AA";
    const refused = async (claim: unknown, field: string) => {
      const answer = await call("PATCH", path, { token: ann.token, json: { accessibilityClaim: claim } });
      const details = expectFailure(answer, 422, "validation_failed") as { path: string }[];
      expect(details.map((detail) => detail.path)).toContain(field);
    };
    await refused({ conformsTo: level }, "accessibilityClaim.certifiedBy");
    await refused({ conformsTo: level, certifiedBy: "  " }, "accessibilityClaim.certifiedBy");
    await refused({ conformsTo: "WCAG 3.0 Gold", certifiedBy: "Ann" }, "accessibilityClaim.conformsTo");
    await refused({ conformsTo: level, certifiedBy: "Ann", report: "javascript:alert(1)" }, "accessibilityClaim.report");
    await refused({ conformsTo: level, certifiedBy: "Ann", certified: true }, "accessibilityClaim");
    expect((await get(path, ann.token)).body.data.accessibilityClaim).toBeNull();

    const claim = { conformsTo: level, certifiedBy: "Ann Reader", credential: null, report: "https://example.org/report" };
    expect(expectSuccess(await call("PATCH", path, { token: ann.token, json: { accessibilityClaim: { conformsTo: level, certifiedBy: " Ann Reader ", report: claim.report } } }), 201).accessibilityClaim).toEqual(claim);
    expect((await trpcQuery("books.get", { bookId: book.id }, ann.token)).body.result.data.accessibilityClaim).toEqual(claim);
    const meta = metaOf(text(unzipSync((await get(`${path}/export?format=epub`, ann.token)).bytes)["OEBPS/content.opf"]!));
    expect(meta["dcterms:conformsTo"]).toEqual([level]);
    expect(meta["a11y:certifiedBy"]).toEqual(["Ann Reader"]);

    // A PUT says what the whole book is now: one that leaves the claim out withdraws it.
    expectSuccess(await call("PUT", path, { token: ann.token, json: { title: "The Claimed Tide", type: "novel", description: "" } }), 201);
    expect((await get(path, ann.token)).body.data.accessibilityClaim).toBeNull();
  });

  it("so does a conversion to EPUB", async () => {
    const converted = await call("POST", "/api/v1/convert", { token: ann.token, json: { from: "md", to: "epub", content: "# One\n\nIt began.\n\n# Two\n\nIt ended." } });
    expect(converted.status, converted.text.slice(0, 300)).toBe(200);
    const files = unzipSync(converted.bytes);
    const meta = metaOf(text(files["OEBPS/content.opf"]!));
    expect(meta["schema:accessMode"]).toEqual(["textual"]);
    expect(meta["schema:accessibilityHazard"]).toEqual(["none"]);
    expect(meta["schema:accessibilityFeature"]).not.toContain("alternativeText");
    for (const [name, lang] of Object.entries(languagesOf(files))) expect(lang.xmlLang && lang.xmlLang === lang.lang, name).toBe(true);
  });
});

describe("a cover checked against what the stores take (issue 37 item 4)", () => {
  it("keeps every cover, warns of one too small, below KDP's 1,600 × 2,560, or of the wrong shape, and says the same on GET and over tRPC", async () => {
    const book = await createBook(ann.token, { title: "The Long Tide" });
    const path = `/api/v1/books/${book.id}/cover`;
    const put = async (width: number, height: number) => expectSuccess(await call("PUT", path, { token: ann.token, body: pngForm(await png(width, height)) }), 201);
    const codes = (cover: { warnings: { code: string }[] }) => cover.warnings.map((warning) => warning.code);

    const ideal = await put(1600, 2560);
    expect(ideal.cover).toMatchObject({ mediaType: "image/png", width: 1600, height: 2560, warnings: [] });

    const small = await put(800, 1280);
    expect(small.cover).toMatchObject({ width: 800, height: 1280 });
    expect(small.cover.warnings).toEqual([
      {
        code: "cover_too_small",
        message: "The cover is 800 × 1,280 pixels: e-book stores refuse a cover whose short side is under 1,000 pixels. Use one of 1,600 × 2,560.",
      },
    ]);
    // Kept: served, and the same warnings on every read, from the size stored when it was checked.
    expect((await get(path, ann.token)).status).toBe(200);
    expect((await get(`/api/v1/books/${book.id}`, ann.token)).body.data.cover).toEqual(small.cover);
    const rpc = await trpcQuery("books.get", { bookId: book.id }, ann.token);
    expect(rpc.body.result.data.cover).toEqual(small.cover);

    expect(codes((await put(1200, 1920)).cover)).toEqual(["cover_below_recommended"]);
    expect(codes((await put(2560, 2560)).cover)).toEqual(["cover_ratio"]);
    expect(codes((await put(1280, 800)).cover)).toEqual(["cover_too_small", "cover_ratio"]);
    // A 6 × 9 in print cover (1.5) and A5's 1.41 are within the tolerance; a ratio of 1.85 is not.
    expect(codes((await put(1800, 2700)).cover)).toEqual([]);
    expect(codes((await put(1000, 1414)).cover)).toEqual(["cover_below_recommended"]);
    expect(codes((await put(1600, 2960)).cover)).toEqual(["cover_ratio"]);

    expect((await call("DELETE", path, { token: ann.token })).status).toBe(204);
    expect((await get(`/api/v1/books/${book.id}`, ann.token)).body.data.cover).toBeNull();
  });
});
