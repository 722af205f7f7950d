// @module-tag postgres
// Issue 21: the story bible's use cases on a real database file — entries, series, relations,
// mentions kept current on save, continuity checks, pictures, import and export.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import type { Principal } from "@/server/auth/principal";
import { addCastMember } from "@/server/bible/add-cast-member";
import { createEntry } from "@/server/bible/create-entry";
import { createRelation } from "@/server/bible/create-relation";
import { createSeries } from "@/server/bible/create-series";
import { deleteEntry } from "@/server/bible/delete-entry";
import { exportBibleMarkdown } from "@/server/bible/export-bible";
import { getChapterMentions } from "@/server/bible/get-chapter-mentions";
import { getEntryMentions } from "@/server/bible/get-entry-mentions";
import { importEntries } from "@/server/bible/import-entries";
import { proposeEntries } from "@/server/bible/propose-entries";
import { listEntries } from "@/server/bible/list-entries";
import { listRelations } from "@/server/bible/list-relations";
import { getEntryPicture, setEntryPicture } from "@/server/bible/picture";
import { runChecks } from "@/server/bible/run-checks";
import { createEntryInput, entriesCollection, importEntriesInput } from "@/server/bible/schemas";
import { updateEntry } from "@/server/bible/update-entry";
import { createBook } from "@/server/books/create-book";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { importBook } from "@/server/convert/import-book";
import { defaultCollectionOptions } from "@/server/collections";
import { newWriter, withScopes } from "../support/principals";

async function bookWith(writer: Principal, chapters: string[], title = "Northern Lights") {
  const book = await createBook({ title, type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
  const uploaded = [];
  for (const [i, content] of chapters.entries()) uploaded.push(await uploadChapter({ bookId: book.id, title: `Chapter ${i + 1}`, content }, writer));
  return { book, chapters: uploaded };
}

const entry = (bookId: string, fields: z.input<typeof createEntryInput>) => ({ bookId, ...createEntryInput.parse(fields) });

describe("entries (issue 21 item 1, bad input)", () => {
  it("refuses a name or alias another entry has (409 naming it), flags common words, and checks scopes and owners", async () => {
    const ada = await newWriter("ada");
    const { book } = await bookWith(ada, ["Lyra ran."]);
    const lyra = await createEntry(entry(book.id, { name: "Lyra", aliases: ["Lyra Silvertongue", "Will"], fields: [{ key: "eyes", value: "grey" }], tags: ["child"] }), ada);
    expect(lyra).toMatchObject({ scope: "book", kind: "character", name: "Lyra", fields: [{ key: "eyes", value: "grey" }], tags: ["child"] });
    expect(lyra.warnings.map((w) => [w.name, w.code])).toEqual([["Will", "common_word"]]);

    await expect(createEntry(entry(book.id, { name: "Silvertongue", aliases: ["LYRA"] }), ada)).rejects.toMatchObject({
      code: "name_taken",
      details: { entryId: lyra.id, entryName: "Lyra" },
    });
    await expect(createEntry(entry(book.id, { name: "Lyra", kind: "place" }), ada)).rejects.toMatchObject({ code: "name_taken" });
    // An entry may keep its own names when it changes.
    const renamed = await updateEntry({ bookId: book.id, entryId: lyra.id, changes: { aliases: ["Lyra Silvertongue"] } }, ada);
    expect(renamed.warnings).toEqual([]);

    const bob = await newWriter("bob");
    await expect(createEntry(entry(book.id, { name: "Pan" }), bob)).rejects.toMatchObject({ code: "forbidden" });
    await expect(createEntry(entry(book.id, { name: "Pan" }), withScopes(ada, ["read:books"]))).rejects.toMatchObject({ code: "insufficient_scope" });
    const page = await listEntries({ bookId: book.id }, defaultCollectionOptions(entriesCollection, { filters: { tag: "child" } }), withScopes(ada, ["read:books"]));
    expect(page.items.map((e) => e.name)).toEqual(["Lyra"]);
  });

  it("keeps Mr. Bennet and Mrs. Bennet apart, and Mr Bennet is Mr. Bennet (issue 33 item 1)", async () => {
    const ada = await newWriter("ada");
    const { book } = await bookWith(ada, ["Mr. Bennet read. Mrs. Bennet talked. Bennet sighed."]);
    const mr = await createEntry(entry(book.id, { name: "Mr. Bennet" }), ada);
    await createEntry(entry(book.id, { name: "Mrs. Bennet" }), ada);
    await expect(createEntry(entry(book.id, { name: "Mr Bennet", kind: "place" }), ada)).rejects.toMatchObject({
      code: "name_taken",
      details: { entryId: mr.id, entryName: "Mr. Bennet" },
    });
    // One entry may be called both with its title and without it.
    const darcy = await createEntry(entry(book.id, { name: "Mr. Darcy", aliases: ["Darcy", "Fitzwilliam Darcy"] }), ada);
    expect(darcy.aliases).toEqual(["Darcy", "Fitzwilliam Darcy"]);
  });

  it("refuses more aliases than the limit and a name with a bar (422 from the schema)", () => {
    const aliases = Array.from({ length: 31 }, (_, i) => `Alias${i}`);
    expect(createEntryInput.safeParse({ name: "Lyra", aliases }).success).toBe(false);
    expect(createEntryInput.safeParse({ name: "Lyra|Lyra" }).success).toBe(false);
  });

  it("gives a series' entries to each of its books, and refuses a book whose own entry clashes with them", async () => {
    const ada = await newWriter("ada");
    const one = await bookWith(ada, ["Iorek fought."], "One");
    const two = await bookWith(ada, ["Iorek slept."], "Two");
    await createSeries({ title: "His Dark Materials", description: "", bookIds: [one.book.id, two.book.id] }, ada);
    const iorek = await createEntry(entry(one.book.id, { name: "Iorek Byrnison", aliases: ["Iorek"], scope: "series" }), ada);
    expect(iorek.scope).toBe("series");
    const seen = await listEntries({ bookId: two.book.id }, defaultCollectionOptions(entriesCollection), ada);
    expect(seen.items.map((e) => e.id)).toEqual([iorek.id]);
    await expect(createEntry(entry(two.book.id, { name: "Iorek" }), ada)).rejects.toMatchObject({ code: "name_taken", details: { entryId: iorek.id } });
    const three = await bookWith(ada, [""], "Three");
    await createEntry(entry(three.book.id, { name: "Iorek" }), ada);
    await expect(createSeries({ title: "Clash", description: "", bookIds: [three.book.id] }, ada)).resolves.toBeDefined();
    await expect(createEntry(entry(three.book.id, { name: "Iorek", scope: "book" }), ada)).rejects.toMatchObject({ code: "name_taken" });
  });
});

describe("relations (issue 21 item 2)", () => {
  it("relates two entries of the book and goes when an entry is deleted (cascade)", async () => {
    const ada = await newWriter("ada");
    const { book } = await bookWith(ada, [""]);
    const lyra = await createEntry(entry(book.id, { name: "Lyra" }), ada);
    const jordan = await createEntry(entry(book.id, { name: "Jordan College", kind: "place" }), ada);
    const relation = await createRelation({ bookId: book.id, fromId: lyra.id, toId: jordan.id, label: "lives in" }, ada);
    expect(relation).toMatchObject({ label: "lives in", from: { name: "Lyra" }, to: { name: "Jordan College", kind: "place" } });
    await expect(createRelation({ bookId: book.id, fromId: lyra.id, toId: lyra.id, label: "is" }, ada)).rejects.toMatchObject({ code: "validation_failed" });
    await deleteEntry({ bookId: book.id, entryId: jordan.id }, ada);
    expect(await listRelations({ bookId: book.id }, ada)).toEqual([]);
  });
});

describe("mentions (issue 21 item 3)", () => {
  it("finds every name and alias, keeps them current when a chapter is saved, with first, last and sentences", async () => {
    const ada = await newWriter("ada");
    const { book, chapters } = await bookWith(ada, ["Lyra ran. Mr. Asriel's study was dark.", "Nobody here.", "林黛玉笑了。黛玉说：“好。”"]);
    const lyra = await createEntry(entry(book.id, { name: "Lyra", aliases: ["Lyra Belacqua"] }), ada);
    const asriel = await createEntry(entry(book.id, { name: "Asriel" }), ada);
    const daiyu = await createEntry(entry(book.id, { name: "林黛玉", aliases: ["黛玉"] }), ada);

    const found = await getEntryMentions({ bookId: book.id, entryId: asriel.id, page: 1, perPage: 100 }, ada);
    expect(found.total).toBe(1);
    expect(found.mentions.items[0]).toMatchObject({ text: "Asriel", sentence: "Mr. Asriel's study was dark." });
    const chinese = await getEntryMentions({ bookId: book.id, entryId: daiyu.id, page: 1, perPage: 100 }, ada);
    expect(chinese.chapters).toEqual([{ chapterId: chapters[2]!.id, title: "Chapter 3", position: 3, count: 2 }]);
    expect(chinese.mentions.items.map((m) => [m.text, m.sentence])).toEqual([
      ["林黛玉", "林黛玉笑了。"],
      ["黛玉", "黛玉说：“好。”"],
    ]);

    await saveChapter({ bookId: book.id, chapterId: chapters[1]!.id, version: chapters[1]!.version, content: "Lyra Belacqua and Lyra again." }, ada);
    const after = await getEntryMentions({ bookId: book.id, entryId: lyra.id, page: 1, perPage: 1 }, ada);
    expect(after.total).toBe(3);
    expect(after.first).toMatchObject({ chapterId: chapters[0]!.id, start: 0 });
    expect(after.last).toMatchObject({ chapterId: chapters[1]!.id, start: 18 });
    expect(after.mentions).toMatchObject({ total: 3, perPage: 1 });
    expect(after.mentions.items.map((m) => m.text)).toEqual(["Lyra"]);
    const panel = await getChapterMentions({ bookId: book.id, chapterId: chapters[1]!.id }, ada);
    expect(panel.entries).toEqual([{ entryId: lyra.id, kind: "character", name: "Lyra", count: 2, spans: [{ start: 0, end: 13 }, { start: 18, end: 22 }] }]);

    // A new alias is found at the next read, without a save.
    await updateEntry({ bookId: book.id, entryId: asriel.id, changes: { aliases: ["Nobody"] } }, ada);
    expect((await getEntryMentions({ bookId: book.id, entryId: asriel.id, page: 1, perPage: 10 }, ada)).total).toBe(1);
  });
});

describe("continuity checks (issue 21 item 6)", () => {
  it("finds a mention after the exit, a rare near-name in English and Chinese, and a long absence, each at its spot", async () => {
    const ada = await newWriter("ada");
    const texts = ["Lyra met Roger. 林黛玉来了。", "Lyra ran.", "Lyra ran.", "Lyra ran.", "Roger waved. Lydia laughed. 林黛王哭了。", "Lyra slept."];
    const { book, chapters } = await bookWith(ada, texts);
    await createEntry(entry(book.id, { name: "Lyra" }), ada);
    await createEntry(entry(book.id, { name: "林黛玉" }), ada);
    const roger = await createEntry(entry(book.id, { name: "Roger", status: { note: "taken", exitChapterId: chapters[0]!.id } }), ada);
    const checks = await runChecks({ bookId: book.id, absence: 2 }, ada);
    const brief = checks.findings.map((f) => [f.kind, f.entryName, f.position, f.text]);
    expect(brief).toEqual([
      ["long_absence", "Roger", 1, "Roger"],
      ["long_absence", "林黛玉", 1, "林黛玉"],
      ["after_exit", "Roger", 5, "Roger"],
      ["near_name", "Lyra", 5, "Lydia"],
      ["near_name", "林黛玉", 5, "林黛王"],
    ]);
    const exit = checks.findings.find((f) => f.kind === "after_exit")!;
    expect(exit).toMatchObject({ entryId: roger.id, chapterId: chapters[4]!.id, offset: 0, length: 5 });
    // What each message says is data too, for a page to say it in its own language (decision 0512).
    expect(exit).toMatchObject({ mentions: 1, exitPosition: 1 });
    expect(checks.findings.filter((f) => f.kind === "long_absence").map((f) => [f.entryName, f.absentChapters, f.returnsAt])).toEqual([
      ["Roger", 3, 5],
      ["林黛玉", 5, null],
    ]);
    const typo = checks.findings.find((f) => f.text === "林黛王")!;
    expect(texts[4]!.slice(typo.offset, typo.offset + typo.length)).toBe("林黛王");
  });
});

describe("case as a writer folds it (issue 21 item 3, bible2)", () => {
  it("counts a lower-case alias capitalised at a sentence's start, in mentions and in checks, and never a capitalised name lower-case", async () => {
    const ada = await newWriter("ada");
    const { book, chapters } = await bookWith(ada, ["The captain frowned. Will saw the captain, and will again.", "Lydian mode, the captain said. Lydia hummed it."]);
    const ahab = await createEntry(entry(book.id, { name: "Ahab", aliases: ["the captain"] }), ada);
    const will = await createEntry(entry(book.id, { name: "Will" }), ada);
    await createEntry(entry(book.id, { name: "Lydia" }), ada);
    await createEntry(entry(book.id, { name: "lydian mode", kind: "lore" }), ada);
    const found = await getEntryMentions({ bookId: book.id, entryId: ahab.id, page: 1, perPage: 10 }, ada);
    expect(found.mentions.items.map((m) => [m.chapterId, m.text])).toEqual([
      [chapters[0]!.id, "The captain"],
      [chapters[0]!.id, "the captain"],
      [chapters[1]!.id, "the captain"],
    ]);
    expect((await getEntryMentions({ bookId: book.id, entryId: will.id, page: 1, perPage: 10 }, ada)).total).toBe(1);
    // "Lydian" opens the lore entry's name: no typo of Lydia.
    const checks = await runChecks({ bookId: book.id, absence: 10 }, ada);
    expect(checks.findings.filter((f) => f.kind === "near_name")).toEqual([]);
  });
});

describe("pictures, import, export, cast (issue 21 items 1, 5, 7)", () => {
  it("keeps a PNG, refuses other bytes (415) and more than 2 MiB (413)", async () => {
    const ada = await newWriter("ada");
    const { book } = await bookWith(ada, [""]);
    const lyra = await createEntry(entry(book.id, { name: "Lyra" }), ada);
    const png = new Uint8Array(Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"));
    const withPicture = await setEntryPicture({ bookId: book.id, entryId: lyra.id, bytes: png }, ada);
    expect(withPicture.picture).toMatchObject({ mediaType: "image/png", size: png.byteLength });
    expect(Array.from((await getEntryPicture({ bookId: book.id, entryId: lyra.id }, ada)).bytes)).toEqual(Array.from(png));
    await expect(setEntryPicture({ bookId: book.id, entryId: lyra.id, bytes: new TextEncoder().encode("<svg/>") }, ada)).rejects.toMatchObject({ code: "unsupported_media_type" });
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(png);
    await expect(setEntryPicture({ bookId: book.id, entryId: lyra.id, bytes: big }, ada)).rejects.toMatchObject({ code: "payload_too_large" });
  });

  it("imports all or nothing, skips taken names when asked, exports Markdown, and adds a cast member by name", async () => {
    const ada = await newWriter("ada");
    const { book } = await bookWith(ada, [""]);
    const lyra = await addCastMember({ bookId: book.id, name: "Lyra", aliases: [] }, ada);
    expect(lyra.kind).toBe("character");
    const rows = importEntriesInput.parse({ entries: [{ name: "Pan", aliases: ["Pantalaimon"] }, { name: "Lyra" }, { name: "Oxford", kind: "place" }] });
    await expect(importEntries({ bookId: book.id, ...rows }, ada)).rejects.toMatchObject({ code: "name_taken", details: { index: 1 } });
    expect((await listEntries({ bookId: book.id }, defaultCollectionOptions(entriesCollection), ada)).total).toBe(1);
    const skipped = await importEntries({ bookId: book.id, ...rows, onDuplicate: "skip" }, ada);
    expect(skipped.created.map((e) => e.name)).toEqual(["Pan", "Oxford"]);
    expect(skipped.skipped).toMatchObject([{ index: 1, name: "Lyra", entryId: lyra.id }]);
    const { markdown } = await exportBibleMarkdown({ bookId: book.id }, ada);
    expect(markdown).toContain("## Characters");
    expect(markdown).toContain("### Pan\n\n*Also:* Pantalaimon");
    expect(markdown).toContain("## Places\n\n### Oxford");
  });
});

describe("analysis uses the bible (issue 21 item 5)", () => {
  it("follows the book's characters, with aliases, when a run names none, and keeps a run's own names", async () => {
    const { runAnalysis } = await import("@/server/analysis/run-analysis");
    const { installTemplate } = await import("@/server/analysis/install-template");
    const { searchTemplates, templatesCollection } = await import("@/server/analysis/search-templates");
    const ada = await newWriter("ada");
    const { book } = await bookWith(ada, ['"Where?" asked Lyra. Pan said nothing.']);
    await createEntry(entry(book.id, { name: "Lyra", aliases: ["Lyra Belacqua"] }), ada);
    await createEntry(entry(book.id, { name: "Pan", aliases: ["Pantalaimon"] }), ada);
    await createEntry(entry(book.id, { name: "Oxford", kind: "place" }), ada);
    const template = (await searchTemplates({ ...defaultCollectionOptions(templatesCollection), q: "dialogue" }, ada)).items[0]!;
    await installTemplate({ templateId: template.id }, ada);
    // No runner works the queue here: what matters is what each run was stored to follow.
    await runAnalysis({ bookId: book.id, templateId: template.id, parameters: { characters: ["Mara"] } }, ada);
    await runAnalysis({ bookId: book.id, templateId: template.id }, ada);
    const { sql } = await import("@/server/db");
    const stored = await sql.selectFrom("AnalysisResult").select("parameters").where("bookId", "=", book.id).orderBy("createdAt").execute();
    expect(stored.map((row) => JSON.parse(row.parameters))).toEqual([{ characters: ["Mara"] }, { characters: ["Lyra|Lyra Belacqua", "Pan|Pantalaimon"] }]);
  });
});

describe("entries proposed from an imported manuscript (issue 21 item 7, bible2)", () => {
  it("proposes the manuscript's characters, leaves out the bible's names, adds nothing by itself, and drops one once accepted", async () => {
    const ada = await newWriter("ada");
    const manuscript = "# One\n\nThe boat left at dawn. Then Marguerite rowed hard, and Tobias watched. At noon Marguerite sang.\n\n# Two\n\nLater Tobias laughed, and Marguerite smiled. Even Tobias slept, and Mr. Crane too.\n";
    const { book } = await importBook({ file: { name: "Boat.md", bytes: new TextEncoder().encode(manuscript) } }, ada);
    const proposed = await proposeEntries({ bookId: book.id }, withScopes(ada, ["read:books"]));
    expect(proposed.items).toEqual([
      { name: "Marguerite", kind: "character", mentions: 3, chapters: 2 },
      { name: "Tobias", kind: "character", mentions: 3, chapters: 2 },
    ]);
    expect((await listEntries({ bookId: book.id }, defaultCollectionOptions(entriesCollection, {}), ada)).total).toBe(0);

    await addCastMember({ bookId: book.id, name: "Marguerite", aliases: [] }, ada);
    await createEntry(entry(book.id, { name: "Toby", aliases: ["TOBIAS"] }), ada);
    expect((await proposeEntries({ bookId: book.id }, ada)).items).toEqual([]);
    await expect(proposeEntries({ bookId: book.id }, await newWriter("bob"))).rejects.toMatchObject({ code: "forbidden" });
  });
});
