// @module-tag shared
import { unzipSync } from "fflate";
import { describe, expect, it, vi } from "vitest";
import { writeDocument } from "@/server/convert/engine";
import type { DocumentModel } from "@/server/convert/engine/model";

// Issue 32 item 1, decision 0510: an untitled chapter is printed as its book's language names it
// (第2章 in a Chinese book), not "Chapter 2" in every language.

vi.setConfig({ testTimeout: 120_000 });

const FORMATS = ["docx", "epub", "html", "txt", "md", "odt"];
const allText = (bytes: Uint8Array, format: string) =>
  ["docx", "epub", "odt"].includes(format) ? Object.values(unzipSync(bytes)).map((file) => new TextDecoder().decode(file)).join(" ") : new TextDecoder().decode(bytes);

describe("an untitled chapter in an export", () => {
  const chapters = [
    { title: "楔子", markdown: "天下大势，分久必合，合久必分。" },
    { title: "", markdown: "话说天下大势。" },
  ];

  it("is 第N章 in a Chinese book, in every native writer", async () => {
    const book: DocumentModel = { title: "三国演义", language: "zh-CN", chapters };
    for (const format of FORMATS) {
      const written = allText((await writeDocument(book, format)).bytes, format);
      expect(written, format).toContain("第2章");
      expect(written, format).not.toContain("Chapter 2");
    }
  });

  it("stays Chapter N in an English book and in a document without a language", async () => {
    for (const language of ["en", undefined]) {
      const written = allText((await writeDocument({ title: "T", language, chapters }, "txt")).bytes, "txt");
      expect(written, String(language)).toContain("Chapter 2");
    }
  });
});
