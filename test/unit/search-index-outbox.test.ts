import { describe, expect, it } from "vitest";
import { createBook } from "@/server/books/create-book";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { engine, sql } from "@/server/db";
import { drainOutbox } from "@/server/outbox/drain-outbox";
import { PART_CHARACTERS, partsOf } from "@/server/search/index-chapter";
import { searchLibrary } from "@/server/search/search-library";
import { newWriter } from "../support/principals";

/** Issue 30 item 4 (decision 0443): the library search index is built after the write, from the outbox. */
describe("the library search index's outbox", () => {
  it("cuts a text into parts that overlap by at least a longest search less one, never inside a surrogate pair", () => {
    expect(partsOf("")).toEqual([""]);
    // No stretch repeats (so each part is found where it was cut), with pairs across every cut.
    const text = Array.from({ length: 3 * PART_CHARACTERS }, (_, i) => (i % 3 === 0 ? "😀" : String.fromCharCode(0x4e00 + (i % 20_000)))).join("");
    const parts = partsOf(text);
    expect(parts.join("").length).toBeGreaterThan(text.length);
    for (const part of parts) expect(part).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
    let start = 0;
    for (const [i, part] of parts.entries()) {
      expect(text.startsWith(part, start)).toBe(true);
      const next = i + 1 < parts.length ? text.indexOf(parts[i + 1]!, start + 1) : text.length;
      // Every stretch of 999 characters (a hit of the longest search) lies wholly inside one part.
      if (i + 1 < parts.length) expect(start + part.length - next).toBeGreaterThanOrEqual(999);
      else expect(start + part.length).toBe(text.length);
      start = next;
    }
  });

  it.skipIf(engine !== "sqlite")("leaves a row with each write, in its transaction, that stays until the chapter is indexed", async () => {
    const writer = await newWriter("outbox");
    const book = await createBook({ title: "Outbox", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: "A heron stood still." }, writer);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: "A kingfisher flashed past." }, writer);
    const waiting = () => sql.selectFrom("Outbox").select("id").where("topic", "=", "chapter-search").where("subjectId", "=", chapter.id).execute();
    expect(await waiting()).toHaveLength(2);

    await drainOutbox({ topic: "chapter-search", subjectIds: [chapter.id] });
    expect(await waiting()).toEqual([]);
    expect((await searchLibrary({ query: "kingfisher", page: 1, perPage: 20 }, writer)).total).toBe(1);
    expect((await searchLibrary({ query: "heron", page: 1, perPage: 20 }, writer)).total).toBe(0);
  });
});
