// @module-tag clock
import { unzipSync, zipSync } from "fflate";
import mammoth from "mammoth";
import { describe, expect, it, vi } from "vitest";
import { convert, detectFormat, readDocument, writeDocument, ZIP_LIMITS } from "@/server/convert/engine";
import { LANES } from "@/server/workers/pool";
import { conversionJob } from "@/server/convert/jobs";
import { runPandoc } from "@/server/convert/engine/pandoc";
import { readHere, writeHere } from "@/server/convert/engine/run";
import { unzipSafely } from "@/server/convert/engine/zip";
import { AppError, type ErrorCode } from "@/server/errors";
import { fixture, pdfText } from "./convert-engine-support";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

vi.setConfig({ testTimeout: 60_000 });

async function failure(promise: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a failure");
}

const expectCode = async (promise: Promise<unknown> | (() => unknown), code: ErrorCode) => expect((await failure(promise)).code).toBe(code);
const text = (s: string) => new TextEncoder().encode(s);

/** A zip whose directory claims `size` bytes for its one entry, without holding them. */
function lyingZip(size: number): Uint8Array {
  const zip = zipSync({ "word/document.xml": text("<w:document/>".repeat(50)) }, { level: 6 });
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  view.setUint32(22, size, true); // local header: uncompressed size
  const central = view.getUint32(zip.length - 22 + 16, true); // end of central directory → its offset
  view.setUint32(central + 24, size, true);
  return zip;
}

/** Rewrites `name`'s uncompressed size in its local and central headers. */
function understate(zip: Uint8Array, name: string, size: number): Uint8Array {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const wanted = text(name);
  const at = (offset: number) => wanted.every((byte, i) => zip[offset + i] === byte);
  for (let i = 0; i + 46 < zip.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50 && at(i + 30)) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50 && at(i + 46)) view.setUint32(i + 24, size, true);
  }
  return zip;
}

describe("zip inputs are checked before they are expanded", () => {
  it("refuses a zip bomb by compression ratio, from its directory, in the worker and in-thread", async () => {
    const bomb = zipSync({ "word/document.xml": new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    await expectCode(readDocument(bomb, "docx"), "archive_too_large");
    await expectCode(() => unzipSafely(bomb, "DOCX document"), "archive_too_large");
  });

  it("refuses an archive that claims more than the expanded-size limit, without allocating it", async () => {
    const before = process.memoryUsage().rss;
    const error = await failure(() => unzipSafely(lyingZip(ZIP_LIMITS.maxExpandedBytes + 1), "DOCX document"));
    expect(error.code).toBe("archive_too_large");
    expect(error.status).toBe(413);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it("refuses an archive with too many entries", async () => {
    const entries = Object.fromEntries(Array.from({ length: ZIP_LIMITS.maxEntries + 1 }, (_, i) => [`f${i}.txt`, new Uint8Array(0)]));
    await expectCode(() => unzipSafely(zipSync(entries), "EPUB e-book"), "archive_too_large");
  });

  it("checks an ODT against the same limits before pandoc opens it (413, 422)", async () => {
    const bomb = zipSync({ mimetype: [text("application/vnd.oasis.opendocument.text"), { level: 0 }], "content.xml": new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const error = await failure(readDocument(bomb, "odt"));
    expect([error.code, error.status]).toEqual(["archive_too_large", 413]);
    const real = fixture("book.odt");
    await expectCode(readDocument(real.subarray(0, Math.floor(real.length / 2)), "odt"), "corrupt_document");
  });

  it("refuses a DOCX whose directory understates an entry's size before mammoth sees a byte", async () => {
    const files = unzipSync(fixture("book.docx"));
    const declared = files["word/document.xml"]!.length;
    const body = new TextDecoder().decode(files["word/document.xml"]).replace("<w:body>", `<w:body>${"<w:p><w:r><w:t>bomb</w:t></w:r></w:p>".repeat(200_000)}`);
    const docx = understate(zipSync({ ...files, "word/document.xml": text(body) }, { level: 9 }), "word/document.xml", declared);
    const convertToHtml = vi.spyOn(mammoth, "convertToHtml");
    try {
      const error = await failure(readHere(docx, "docx"));
      expect([error.code, error.message]).toEqual(["corrupt_document", expect.stringContaining("word/document.xml does not hold")]);
      expect(convertToHtml).not.toHaveBeenCalled();
    } finally {
      convertToHtml.mockRestore();
    }
  });

  it("answers a corrupt zip with corrupt_document (422)", async () => {
    const docx = fixture("book.docx");
    const truncated = docx.subarray(0, Math.floor(docx.length / 2));
    const error = await failure(readDocument(truncated, "docx"));
    expect([error.code, error.status]).toEqual(["corrupt_document", 422]);
    await expectCode(readDocument(fixture("book.epub").subarray(0, 3000), "epub"), "corrupt_document");
    await expectCode(readDocument(zipSync({ "hello.txt": text("hi") }), "epub"), "corrupt_document");
  });
});

describe("a document a reader cannot make sense of", () => {
  it("is corrupt_document (422), not a 500: an EPUB whose manifest href is a broken escape", async () => {
    const files = unzipSync(fixture("book.epub"));
    const opfName = Object.keys(files).find((name) => name.endsWith(".opf"))!;
    const opf = new TextDecoder().decode(files[opfName]);
    const broken = opf.replace(/(<item\b[^>]*href=")[^"]*(\.xhtml")/, "$1%E0%A4%A$2");
    expect(broken).not.toBe(opf);
    const epub = zipSync({ mimetype: [files.mimetype!, { level: 0 }], ...Object.fromEntries(Object.entries(files).filter(([name]) => name !== "mimetype")), [opfName]: text(broken) });
    const error = await failure(readDocument(epub, "epub"));
    expect([error.code, error.status]).toEqual(["corrupt_document", 422]);
    expect(error.message).toMatch(/EPUB.*(damaged|could not be read)/);
  });
});

describe("XHTML with an internal DTD subset (issue 16, item 12)", () => {
  const xhtml = (body: string) =>
    `<?xml version="1.0"?>\n<!DOCTYPE html [\n  <!ENTITY author "Someone > else">\n  <!-- a ] comment > -->\n]>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body>${body}</body></html>`;

  it("reads no stray ]> and no extra chapter, and leaves the entities unexpanded", async () => {
    const model = await readHere(text(xhtml("<h1>One</h1><p>Words &author; here.</p><h1>Two</h1><p>More.</p>")), "html");
    expect(model.chapters).toEqual([
      { title: "One", markdown: "Words &author; here." },
      { title: "Two", markdown: "More." },
    ]);
  });

  it("does the same inside an EPUB", async () => {
    const files = unzipSync(fixture("book.epub"));
    const spine = Object.keys(files).filter((name) => name.endsWith(".xhtml") && !/nav/.test(name));
    const first = spine.find((name) => /<h1/.test(new TextDecoder().decode(files[name])))!;
    const edited = { ...files, [first]: text(new TextDecoder().decode(files[first]).replace(/<!DOCTYPE[^>]*>/, '<!DOCTYPE html [ <!ENTITY x "y"> ]>')) };
    const epub = zipSync({ mimetype: [files.mimetype!, { level: 0 }], ...Object.fromEntries(Object.entries(edited).filter(([name]) => name !== "mimetype")) });
    const model = await readHere(epub, "epub");
    const original = await readHere(fixture("book.epub"), "epub");
    expect(model.chapters.map((c) => c.title)).toEqual(original.chapters.map((c) => c.title));
    expect(model.chapters.map((c) => c.markdown).join("")).not.toContain("]>");
  });

  it("skips doctypes in linear time, however they are nested or left open", async () => {
    for (const html of ["<!DOCTYPE x [" + "'a'".repeat(200_000), "<!doctype ".repeat(100_000), "<!DOCTYPE [" + "<!--".repeat(100_000), '<!DOCTYPE "'.repeat(100_000)]) {
      const started = cpuMark();
      await readHere(text(html + "<p>end</p>"), "html");
      expect(cpuMsSince(started)).toBeLessThan(2000);
    }
  });
});

describe("a PDF of a chapter that is one enormous word (issue 16, item 12)", () => {
  it("is written, the word broken into lines, in time linear in its length", async () => {
    const word = "abcdefghij".repeat(100_000);
    const started = cpuMark();
    const written = await writeHere({ title: "T", chapters: [{ title: "One", markdown: word }] }, "pdf");
    // pdfkit alone measured the rest of the word again for every line: 40,000 characters took minutes.
    // Typst sets a paragraph this long line by line, the word broken at zero-width spaces.
    expect(cpuMsSince(started)).toBeLessThan(30_000);
    const lines = pdfText(written.bytes).replace(/[\u200b\u00ad]/g, "").replace(/\f/g, "\n").split("\n").filter((line) => /^[a-j]{10,}$/.test(line));
    expect(lines.length).toBeGreaterThan(1000);
    expect(lines.join("").length).toBe(word.length);
  });
});

describe("a file that is not what its name says", () => {
  it("is refused with format_mismatch, naming what it looks like", async () => {
    const mislabelled = await failure(() => detectFormat("novel.docx", text("Just some text.")));
    expect(mislabelled.code).toBe("format_mismatch");
    expect(mislabelled.message).toMatch(/not a Word document .* looks like text/);
    await expectCode(() => detectFormat("notes.txt", fixture("book.docx")), "format_mismatch");
    await expectCode(() => detectFormat("book.epub", fixture("book.docx")), "format_mismatch");
    await expectCode(() => detectFormat("print.pdf", text("<html></html>")), "format_mismatch");
    await expectCode(() => detectFormat("page.html", fixture("book.odt")), "format_mismatch");
    await expectCode(readDocument(text("plain words"), "docx"), "format_mismatch");
    await expectCode(readDocument(fixture("book.epub"), "odt"), "format_mismatch");
  });

  it("is recognised by its content when the name says nothing", () => {
    expect(detectFormat("upload", fixture("book.docx"))).toBe("docx");
    expect(detectFormat("upload", fixture("book.epub"))).toBe("epub");
    expect(detectFormat("upload", fixture("book.odt"))).toBe("odt");
    expect(detectFormat("upload", fixture("book.html"))).toBe("html");
    expect(detectFormat("upload", fixture("book.fb2"))).toBe("fb2");
    expect(detectFormat("upload", fixture("book.rtf"))).toBe("rtf");
    expect(detectFormat("upload", fixture("book.txt"))).toBe("txt");
    expect(detectFormat("Book.MD", fixture("book.md"))).toBe("md");
  });

  it("of binary junk is unsupported", async () => {
    await expectCode(() => detectFormat("mystery.bin", new Uint8Array([0, 1, 2, 3, 0, 0, 7])), "unsupported_format");
  });
});

describe("text that is not UTF-8", () => {
  it("is refused with invalid_encoding and the offset of the first bad byte, never U+FFFD", async () => {
    const latin1 = new Uint8Array([...text("Caf"), 0xe9, ...text(" au lait")]);
    for (const format of ["txt", "md", "html", "rst"]) {
      const error = await failure(readDocument(latin1, format));
      expect(error.code, format).toBe("invalid_encoding");
      expect(error.details).toEqual({ offset: 3 });
    }
  });
});

describe("unsupported directions", () => {
  it("are refused with unsupported_format", async () => {
    await expectCode(readDocument(text("%PDF-1.7"), "pdf"), "unsupported_format");
    await expectCode(writeDocument({ chapters: [] }, "nope"), "unsupported_format");
    await expectCode(convert(text("# A"), "md", "xlsx"), "unsupported_format");
  });
});

describe("the worker pool", () => {
  it("stops a conversion that overruns its time limit, reports it, and goes on working", async () => {
    const error = await failure(readDocument(fixture("book.odt"), "odt", { timeoutMs: 5 }));
    expect([error.code, error.status]).toEqual(["conversion_timed_out", 422]);
    const model = await readDocument(fixture("book.odt"), "odt");
    expect(model.chapters.map((c) => c.title)).toContain("Chapter 3: Letters");
  });

  it("never loads pandoc on the caller's thread", async () => {
    await expect(runPandoc({ from: "markdown", to: "html" }, "x")).rejects.toThrow(/only inside a conversion worker/);
  });

  it("keeps the caller's event loop free while pandoc works, and while a whole novel of HTML is read", async () => {
    const novel = `<html><body>${Array.from({ length: 30 }, (_, c) => `<h1>Chapter ${c + 1}</h1>${"<p>The fog came in over the <em>harbour</em> again.</p>".repeat(400)}`).join("")}</body></html>`;
    let longest = 0;
    let last = performance.now();
    const probe = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    // DocBook, a format pandoc-wasm still writes (ODT, the example before, has a writer of its own).
    const [, , html] = await Promise.all([
      writeDocument(await readDocument(fixture("book.md"), "md"), "docbook"),
      readDocument(fixture("book.rst"), "rst"),
      readDocument(text(novel), "html"),
    ]);
    expect(html.chapters).toHaveLength(30);
    clearInterval(probe);
    // Generous for a loaded 2-core machine: pandoc on this thread would stall it for seconds.
    expect(longest).toBeLessThan(500);
  });
});

describe("the pool's queue", () => {
  // Long pandoc work (a novel-length reStructuredText) that keeps every worker busy until aborted.
  const long = text(`Title\n=====\n\n${"The fog came in over the *harbour* again, and she wrote on. ".repeat(60_000)}\n`);
  const { size, perOwnerRunning, perOwnerWaiting } = LANES.heavy;
  // Each worker held by another writer: one writer may never hold them all.
  const occupy = (signal: AbortSignal) => Array.from({ length: size }, (_, i) => readDocument(long, "rst", { signal, owner: `writer-${i}` }));
  const outcome = (p: Promise<unknown>) => p.then(() => "finished", (error: AppError) => error.code);

  it("counts waiting time against the time limit, and an abort stops a running task's worker", async () => {
    const blockers = new AbortController();
    const running = occupy(blockers.signal).map(outcome);
    const started = performance.now();
    const waiting = await failure(readDocument(fixture("book.rst"), "rst", { timeoutMs: 300 }));
    expect(waiting.code).toBe("conversion_timed_out");
    expect(performance.now() - started).toBeLessThan(5_000);
    blockers.abort();
    expect(await Promise.all(running)).toEqual(Array(size).fill("conversion_timed_out"));
    expect((await readDocument(fixture("book.rst"), "rst")).chapters.length).toBeGreaterThan(1);
  });

  it("bounds each writer: past their share of workers and queue they are refused with rate_limited, while another writer is served", async () => {
    const controller = new AbortController();
    const flood = Array.from({ length: perOwnerRunning + perOwnerWaiting }, () => readDocument(long, "rst", { signal: controller.signal, owner: "flood" }));
    const refused = await failure(readDocument(fixture("book.rst"), "rst", { owner: "flood" }));
    expect([refused.code, refused.status]).toEqual(["rate_limited", 429]);
    expect(refused.retryAfter).toBeGreaterThan(0);
    // Another writer still finds a free worker at once.
    expect((await readDocument(fixture("book.rst"), "rst", { owner: "other", timeoutMs: 30_000 })).chapters.length).toBeGreaterThan(1);
    controller.abort();
    expect(await Promise.all(flood.map(outcome))).toEqual(Array(flood.length).fill("conversion_timed_out"));
    expect((await readDocument(fixture("book.rst"), "rst", { owner: "flood" })).chapters.length).toBeGreaterThan(1);
  });

  it("takes a conversion job's signal: a job given up on leaves no conversion behind", async () => {
    const controller = new AbortController();
    const context = { jobId: "j", ownerId: "o", signal: controller.signal, reportProgress: async () => {} };
    const job = conversionJob.run({ from: "rst", to: "md", baseName: "novel" }, context, long);
    setTimeout(() => controller.abort(), 200);
    expect((await failure(job)).code).toBe("conversion_timed_out");
  });
});
