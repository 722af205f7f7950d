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

  // The trpc-credentials HTTP test once searched for a chapter it had just uploaded and did not find
  // it: the background claimed the chapter's rows between the search's wait for runs under way and its
  // look for rows, so the search saw nothing to wait for. The writer's drain is started at every turn
  // of the background's pass in turn, until the pass is over.
  it.skipIf(engine !== "sqlite")("waits for the background's run of a chapter however the two interleave", async () => {
    const writer = await newWriter("outbox-race");
    const book = await createBook({ title: "Outbox", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    const before = await uploadChapter({ bookId: book.id, title: "Before", content: "A heron stood still." }, writer);
    const chapter = await uploadChapter({ bookId: book.id, title: "Searched", content: "A kingfisher flashed past." }, writer);
    await drainOutbox();
    const missed: number[] = [];
    for (let turns = 0; ; turns++) {
      // Each turn the two chapters wait to be indexed again, rested, so that the background takes
      // them too: their rows as a save writes them, without the save (indexing reads the chapter as
      // it is), which cost 60 of the 65 s that 730 turns took when each turn saved both chapters.
      const rested = new Date(Date.now() - 60_000);
      await sql.insertInto("Outbox").values([before.id, chapter.id].map((subjectId) => ({ topic: "chapter-search", subjectId, createdAt: rested }))).execute();
      let passOver = false;
      const pass = drainOutbox().then(() => (passOver = true));
      for (let turn = 0; turn < turns; turn++) await Promise.resolve();
      if (passOver) break;
      await drainOutbox({ topic: "chapter-search", subjectIds: [chapter.id] });
      const waiting = await sql.selectFrom("Outbox").select("id").where("topic", "=", "chapter-search").where("subjectId", "=", chapter.id).execute();
      if (waiting.length > 0) missed.push(turns);
      await pass;
    }
    expect(missed).toEqual([]);
  });

  // trpc-credentials' search.library failed in CI again, every time: its owner had saved more than
  // a batch (50) of chapters in the last 3 seconds, and the writer's drain did the 50 oldest and
  // stopped, so the chapter just saved was never indexed before the search.
  it.skipIf(engine !== "sqlite")("indexes every chapter of the writer's that waits before their search, however many", async () => {
    const writer = await newWriter("outbox-many");
    const book = await createBook({ title: "Outbox", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    for (let i = 0; i < 60; i++) await uploadChapter({ bookId: book.id, title: `Filler ${i}`, content: "A heron stood still." }, writer);
    await uploadChapter({ bookId: book.id, title: "Last", content: "A kingfisher flashed past." }, writer);
    const result = await searchLibrary({ query: "kingfisher", page: 1, perPage: 20 }, writer);
    expect(result.items.map((item) => item.chapterTitle)).toEqual(["Last"]);
    expect((await searchLibrary({ query: "heron", page: 1, perPage: 100 }, writer)).total).toBe(60);
  });
});
