// @module-tag postgres
// Issue 34 item 6 (decision 0484): the account archive's builder beneath the job — revisions
// compressed by the sweep (decision 0482) come out as their text, a book with nothing to print
// still has its folder, names are safe, and the zip stops at its limit.
import { randomBytes } from "node:crypto";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ArchiveZip } from "@/server/accounts/archive-zip";
import { buildAccountArchive, numberedNames } from "@/server/accounts/build-archive";
import { createBook } from "@/server/books/create-book";
import { compressOldRevisions } from "@/server/chapters/revision-text";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { createEntry } from "@/server/bible/create-entry";
import { createEntryInput } from "@/server/bible/schemas";
import { createForeshadowing } from "@/server/foreshadowing/create-foreshadowing";
import { createPart } from "@/server/parts/create-part";
import { getContents } from "@/server/parts/get-contents";
import { reorderContents } from "@/server/parts/reorder-contents";
import { createLabel } from "@/server/plan/create-label";
import { createPlotline } from "@/server/plan/create-plotline";
import { updatePlan } from "@/server/plan/update-plan";
import { splitChapter } from "@/server/scenes/split-scenes";
import { updateScene } from "@/server/scenes/update-scene";
import { newWriter } from "../support/principals";

const settings = { type: "novel", description: "", status: "drafting", targetWordCount: null, language: "en" } as const;
const json = (bytes: Uint8Array | undefined) => JSON.parse(new TextDecoder().decode(bytes));

describe("the account archive", () => {
  it("holds every revision's text, whether the sweep has compressed it or not", async () => {
    const writer = await newWriter("archive-revisions");
    const book = await createBook({ ...settings, title: "Kept" }, writer);
    const texts = ["林风走进了山门。\r\n\t👩‍👩‍👧 first", "林风走进了山门。 second", "third, plain"];
    const chapter = await uploadChapter({ bookId: book.id, title: "One", content: texts[0]! }, writer);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 1, content: texts[1]! }, writer);
    expect(await compressOldRevisions(new Date(Date.now() + 60_000))).toBeGreaterThanOrEqual(2);
    await saveChapter({ bookId: book.id, chapterId: chapter.id, version: 2, content: texts[2]! }, writer);
    const kept = await sql.selectFrom("ChapterRevision").select(["version", "compressedContent"]).where("chapterId", "=", chapter.id).orderBy("version").execute();
    expect(kept.map((row) => row.compressedContent !== null)).toEqual([true, true, false]);

    const archive = await buildAccountArchive(writer.userId);
    const files = unzipSync(archive.bytes);
    const [history] = json(files["books/01-Kept/revisions.json"]);
    expect(history.revisions.map((r: { version: number; content: string }) => [r.version, r.content])).toEqual(texts.map((text, i) => [i + 1, text]));
    expect(archive.summary).toMatchObject({ books: 1, chapters: 1, revisions: 3, bytes: archive.bytes.byteLength });
    expect(archive.name).toMatch(/^inkstone-archive-revisions-\d+-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  it("keeps a book without chapters: its book.json says why it has no EPUB", async () => {
    const writer = await newWriter("archive-empty");
    await createBook({ ...settings, title: "Not yet" }, writer);
    const files = unzipSync((await buildAccountArchive(writer.userId)).bytes);
    const book = json(files["books/01-Not yet/book.json"]);
    expect(book).toMatchObject({ title: "Not yet", chapters: [], files: { epub: null, epubError: expect.stringContaining("no chapters") } });
    expect(Object.keys(files).filter((name) => name.endsWith(".epub"))).toEqual([]);
  });

  it("carries the book's structure and plan (decision 0508): parts, scene titles and places, plans with their links, plotlines, labels and the foreshadowing board", async () => {
    const writer = await newWriter("archive-plan");
    const book = await createBook({ ...settings, title: "Planned" }, writer);
    const content = "Ann walked to the harbour.\n\n* * *\n\nThe boats were gone.";
    const chapter = await uploadChapter({ bookId: book.id, title: "Harbour", content }, writer);
    const later = await uploadChapter({ bookId: book.id, title: "Storm", content: "" }, writer);
    const part = await createPart({ bookId: book.id, title: "Part One" }, writer);
    const { orderVersion } = await getContents({ bookId: book.id }, writer);
    await reorderContents({ bookId: book.id, orderVersion, entries: [{ partId: part.id, chapterIds: [chapter.id, later.id] }] }, writer);
    const scenes = await splitChapter({ bookId: book.id, chapterId: chapter.id }, writer);
    await updateScene({ bookId: book.id, sceneId: scenes[1]!.id, title: "Empty moorings" }, writer);
    const ann = await createEntry({ bookId: book.id, ...createEntryInput.parse({ name: "Ann", kind: "character" }) }, writer);
    const plotline = await createPlotline({ bookId: book.id, name: "The missing boats" }, writer);
    const label = await createLabel({ bookId: book.id, name: "research" }, writer);
    await updatePlan({ bookId: book.id, kind: "scenes", itemId: scenes[1]!.id, changes: { synopsis: "No boat left.", status: "draft", povId: ann.id, characterIds: [ann.id], plotlineIds: [plotline.id], labelIds: [label.id] } }, writer);
    const sword = await createForeshadowing({ bookId: book.id, title: "The sword", setup: { chapterId: chapter.id, sceneId: scenes[0]!.id }, deadline: { chapterId: later.id } }, writer);

    const files = unzipSync((await buildAccountArchive(writer.userId)).bytes);
    const plan = json(files["books/01-Planned/plan.json"]);
    expect(plan.parts).toMatchObject([{ id: part.id, title: "Part One", position: 1 }]);
    expect(plan.chapterParts).toEqual({ [chapter.id]: part.id, [later.id]: part.id });
    expect(plan.scenes).toMatchObject([
      { id: scenes[0]!.id, chapterId: chapter.id, position: 1, title: "", start: 0 },
      { id: scenes[1]!.id, chapterId: chapter.id, position: 2, title: "Empty moorings", start: content.indexOf("* * *"), end: content.length },
    ]);
    expect(plan.plotlines).toMatchObject([{ id: plotline.id, name: "The missing boats" }]);
    expect(plan.labels).toMatchObject([{ id: label.id, name: "research" }]);
    expect(plan.plans[`scene:${scenes[1]!.id}`]).toMatchObject({ synopsis: "No boat left.", status: "draft", povId: ann.id, characterIds: [ann.id], plotlineIds: [plotline.id], labelIds: [label.id] });
    const board = json(files["books/01-Planned/foreshadowing.json"]);
    expect(board.items).toMatchObject([{ id: sword.id, title: "The sword", status: "open", setup: { chapter: { id: chapter.id }, sceneId: scenes[0]!.id } }]);
    expect(json(files["books/01-Planned/book.json"]).files).toMatchObject({ plan: "books/01-Planned/plan.json", foreshadowing: "books/01-Planned/foreshadowing.json" });
    expect(new TextDecoder().decode(files["README.txt"])).toContain("plan.json");
  });

  it("refuses an account that no longer exists", async () => {
    await expect(buildAccountArchive("no-such-user")).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("numberedNames", () => {
  it("numbers titles in order and makes each a safe name: no separator, no control character, no trailing dot, never empty", () => {
    expect(numberedNames(["The Long Tide", "..", "a/b\\c", "", "Ends here...", "\u0000\u0007", "Nets. . ."])).toEqual([
      "01-The Long Tide",
      "02-untitled",
      "03-a b c",
      "04-untitled",
      "05-Ends here",
      "06-untitled",
      "07-Nets",
    ]);
    expect(numberedNames(Array.from({ length: 120 }, () => "x"))[99]).toBe("100-x");
    expect(numberedNames(["y".repeat(500)])[0]).toHaveLength(63);
  });
});

describe("ArchiveZip", () => {
  it("stops with archive_too_large once the archive passes its limit", async () => {
    const zip = new ArchiveZip(1024 * 1024);
    await zip.add("small.txt", "fits");
    const failure = await zip.add("noise.bin", randomBytes(2 * 1024 * 1024), { stored: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "archive_too_large", details: { maxBytes: 1024 * 1024 } });
  });

  it("writes entries that unzip to what was added, text and bytes, empty ones too", async () => {
    const zip = new ArchiveZip(64 * 1024 * 1024);
    const noise = randomBytes(3 * 1024 * 1024 + 5);
    await zip.add("a/empty.md", "");
    await zip.add("a/長い.md", "字".repeat(700_000));
    await zip.add("b/noise.bin", noise, { stored: true });
    await zip.addJson("c.json", { ok: true });
    const files = unzipSync(zip.finish());
    expect(Object.keys(files)).toEqual(["a/empty.md", "a/長い.md", "b/noise.bin", "c.json"]);
    expect(files["a/empty.md"]!.byteLength).toBe(0);
    expect(new TextDecoder().decode(files["a/長い.md"])).toBe("字".repeat(700_000));
    expect(Buffer.from(files["b/noise.bin"]!).equals(noise)).toBe(true);
    expect(json(files["c.json"])).toEqual({ ok: true });
  });
});
