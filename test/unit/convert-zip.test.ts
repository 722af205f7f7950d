// @module-tag shared
import fc from "fast-check";
import { unzipSync, zipSync } from "fflate";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { detectFormat } from "@/server/convert/engine/detect";
import { readZipDirectory, rezipSafely, unzipSafely, ZIP_LIMITS } from "@/server/convert/engine/zip";
import { AppError } from "@/server/errors";
import { craftZip, lyingEntryZip, lyingMimetypeEpub, phantomZip64, type CraftedEntry } from "../support/crafted-zips";
import { fixture } from "./convert-engine-support";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

const text = (s: string) => new TextEncoder().encode(s);
const stored = (name: string, content: string): CraftedEntry => ({ name, data: text(content), method: 0, size: content.length });

/** The AppError `run` throws, and the CPU time it took to throw it. */
function refusal(run: () => unknown): { code: string; message: string; ms: number } {
  const started = cpuMark();
  try {
    run();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { code: error.code, message: error.message, ms: cpuMsSince(started) };
  }
  throw new Error("expected a refusal");
}

describe("the zip directory reader", () => {
  it("refuses a ZIP64 end record that claims 4,294,967,295 entries before walking one (item 2)", () => {
    const phantom = phantomZip64();
    expect(phantom.length).toBeLessThan(300);
    const refused = refusal(() => readZipDirectory(phantom, "DOCX document"));
    expect(refused.code).toBe("archive_too_large");
    expect(refused.ms).toBeLessThan(1000);
    // The sniffer reads the same directory, the same way.
    expect(refusal(() => detectFormat("novel.docx", phantom)).code).toBe("archive_too_large");
    expect(refusal(() => detectFormat("novel", phantom)).code).toBe("archive_too_large");
  });

  it("reads an honest ZIP64 end record", () => {
    expect(readZipDirectory(phantomZip64(1), "DOCX document").map((entry) => entry.name)).toEqual(["word/document.xml"]);
    expect(detectFormat("novel.docx", phantomZip64(1))).toBe("docx");
  });

  it("refuses a directory that claims more entries than it holds, or more than the limit", () => {
    const zip = craftZip([stored("a.txt", "a"), stored("b.txt", "b")], { count: 3 });
    expect(refusal(() => readZipDirectory(zip, "EPUB e-book")).code).toBe("corrupt_document");
    const many = craftZip([stored("a.txt", "a")], { count: ZIP_LIMITS.maxEntries + 1 });
    expect(refusal(() => readZipDirectory(many, "EPUB e-book")).code).toBe("archive_too_large");
  });

  it("refuses every truncation of an archive as corrupt", () => {
    const zip = craftZip([stored("mimetype", "application/epub+zip"), stored("META-INF/container.xml", "<container/>"), stored("a.xhtml", "<p>x</p>")]);
    expect(readZipDirectory(zip, "EPUB e-book")).toHaveLength(3);
    for (let length = 4; length < zip.length; length++) {
      expect(refusal(() => readZipDirectory(zip.subarray(0, length), "EPUB e-book")).code, `cut at ${length}`).toBe("corrupt_document");
    }
  });

  it("refuses local header offsets outside the archive or inside its directory", () => {
    for (const headerOffset of [0xfffffff0, 70, 85]) {
      const zip = craftZip([stored("a.txt", "hello"), { ...stored("b.txt", "world"), headerOffset }]);
      expect(refusal(() => readZipDirectory(zip, "DOCX document")).code, `offset ${headerOffset}`).toBe("corrupt_document");
    }
  });

  it("refuses entries whose data overlap (one compressed run expanded many times)", () => {
    const zip = craftZip([stored("a.txt", "hello"), { ...stored("b.txt", "hello"), headerOffset: 0 }]);
    expect(refusal(() => readZipDirectory(zip, "DOCX document")).message).toMatch(/overlap/);
  });

  it("refuses a stored entry with two sizes, an encrypted one and an unknown compression", () => {
    expect(refusal(() => readZipDirectory(craftZip([{ ...stored("a.txt", "hello"), size: 50 }]), "DOCX document")).code).toBe("corrupt_document");
    const encrypted = zipSync({ "a.txt": text("hello") });
    encrypted[6] = 1;
    encrypted[encrypted.length - 22 - 46 - 5 + 8] = 1;
    expect(refusal(() => readZipDirectory(encrypted, "DOCX document")).message).toMatch(/encrypted/);
    expect(refusal(() => readZipDirectory(craftZip([{ ...stored("a.txt", "hello"), method: 12 as 8 }]), "DOCX document")).message).toMatch(/compression/);
  });

  it("never fails with anything but a 413 or 422 on a damaged archive (property)", () => {
    const zip = zipSync({ mimetype: text("application/epub+zip"), "a.xhtml": text("<p>words</p>".repeat(50)), "b.xhtml": text("more") });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(zip.length - 1), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 8 }), (changes) => {
        const damaged = zip.slice();
        for (const [at, value] of changes) damaged[at] = value;
        const started = cpuMark();
        try {
          unzipSafely(damaged, "EPUB e-book");
          rezipSafely(damaged, "EPUB e-book");
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect(["corrupt_document", "archive_too_large"]).toContain((error as AppError).code);
        }
        expect(cpuMsSince(started)).toBeLessThan(1000);
      }),
      { numRuns: 300 },
    );
  });
});

describe("inflating an entry that lies about its size (item 3)", () => {
  it("stops at the declared size: a 20-byte entry holding 1 GiB is refused at once", () => {
    const zip = lyingEntryZip("word/document.xml", 20, 1024);
    for (const run of [() => unzipSafely(zip, "DOCX document"), () => rezipSafely(zip, "DOCX document")]) {
      const refused = refusal(run);
      expect(refused.code).toBe("corrupt_document");
      expect(refused.message).toMatch(/does not hold the 20 bytes it declares/);
      expect(refused.ms).toBeLessThan(1000);
    }
  });

  it("refuses an entry that holds less than it declares", () => {
    const zip = craftZip([{ name: "word/document.xml", data: deflateRawSync(text("<w:document/>")), method: 8, size: 1000 }]);
    expect(refusal(() => unzipSafely(zip, "DOCX document")).message).toMatch(/does not hold the 1000 bytes/);
  });

  it("lets the sniffer inflate only a small mimetype entry, and stops one that lies", () => {
    const refused = refusal(() => detectFormat("book.epub", lyingMimetypeEpub(1024)));
    expect(refused.code).toBe("corrupt_document");
    expect(refused.ms).toBeLessThan(1000);
    // A large entry named mimetype is not the sniffer's business at all.
    expect(detectFormat("book.zip", craftZip([stored("mimetype", "x".repeat(200)), stored("word/document.xml", "<w:document/>")]))).toBe("docx");
  });
});

describe("rezipping", () => {
  it("gives back the same entries, stored, with their real checksums", () => {
    const docx = fixture("book.docx");
    const again = rezipSafely(docx, "DOCX document");
    expect(unzipSync(again)).toEqual(unzipSync(docx));
    expect(readZipDirectory(again, "DOCX document").every((entry) => entry.method === 0)).toBe(true);
    // Stored entries come back as views of the archive, not copies.
    const files = unzipSafely(again, "DOCX document", (name) => name === "word/document.xml");
    expect(files["word/document.xml"]!.buffer).toBe(again.buffer);
  });
});
