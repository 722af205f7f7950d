// @module-tag postgres
// Issue 35 item 5 (decision 0508): compile what the writer chooses — a part, chapters, single scenes —
// and the outline as a document of its own, through the same export and the same writers as the book.
// epubcheck and LibreOffice run once each (issue 29: CI time), in the two tests that name them.
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createEntry } from "@/server/bible/create-entry";
import { createEntryInput } from "@/server/bible/schemas";
import { createBook } from "@/server/books/create-book";
import { deleteChapter } from "@/server/chapters/delete-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { exportBook, type ExportOptions } from "@/server/convert/export-book";
import { createPart } from "@/server/parts/create-part";
import { getContents } from "@/server/parts/get-contents";
import { reorderContents } from "@/server/parts/reorder-contents";
import { createLabel } from "@/server/plan/create-label";
import { createPlotline } from "@/server/plan/create-plotline";
import { updatePlan } from "@/server/plan/update-plan";
import { splitChapter } from "@/server/scenes/split-scenes";
import { updateScene } from "@/server/scenes/update-scene";
import { newWriter } from "../support/principals";
import { epubcheck, has, libreOfficeToPdf, pdfText } from "./convert-engine-support";

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe("compiling a selection, and the outline as a document", () => {
  let writer: Principal;
  let bookId: string;
  let otherBookId: string;
  const ids: Record<string, string> = {};
  const markdown = async (options: Omit<ExportOptions, "bookId">) => decode((await exportBook({ bookId, format: "md", ...options }, writer)).file!.bytes);

  beforeAll(async () => {
    writer = await newWriter("compiler");
    const book = await createBook({ title: "The Long Tide", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    bookId = book.id;
    const chapters: [string, string][] = [
      ["Prologue", "The sea was grey."],
      ["Harbour", "Ann walked to the harbour.\n\n* * *\n\nThe boats were gone.\n\n* * *\n\nShe waited for the tide."],
      ["Storm", "The storm broke at noon."],
      ["Return", "They came back in spring."],
      ["Drafts", "Cut words."],
    ];
    for (const [title, content] of chapters) ids[title] = (await uploadChapter({ bookId, title, content }, writer)).id;
    const first = await createPart({ bookId, title: "Part One: The Shore" }, writer);
    const second = await createPart({ bookId, title: "Part Two: The Sea" }, writer);
    const empty = await createPart({ bookId, title: "Part Three" }, writer);
    Object.assign(ids, { first: first.id, second: second.id, empty: empty.id });
    const { orderVersion } = await getContents({ bookId }, writer);
    await reorderContents(
      { bookId, orderVersion, entries: [{ chapterId: ids.Prologue! }, { partId: first.id, chapterIds: [ids.Harbour!, ids.Storm!] }, { partId: second.id, chapterIds: [ids.Return!, ids.Drafts!] }, { partId: empty.id, chapterIds: [] }] },
      writer,
    );
    const scenes = await splitChapter({ bookId, chapterId: ids.Harbour! }, writer);
    for (const [i, title] of ["Walk", "Empty moorings", "Waiting"].entries()) {
      ids[title] = scenes[i]!.id;
      await updateScene({ bookId, sceneId: scenes[i]!.id, title }, writer);
    }
    await deleteChapter({ bookId, chapterId: ids.Drafts! }, writer);

    const ann = await createEntry({ bookId, ...createEntryInput.parse({ name: "Ann", kind: "character" }) }, writer);
    const main = await createPlotline({ bookId, name: "The missing boats" }, writer);
    const label = await createLabel({ bookId, name: "needs research" }, writer);
    await updatePlan({ bookId, kind: "parts", itemId: first.id, changes: { synopsis: "Ann at the shore, before the sea takes the boats." } }, writer);
    await updatePlan(
      {
        bookId,
        kind: "chapters",
        itemId: ids.Harbour!,
        changes: { synopsis: "Ann finds the harbour empty.\n\nShe decides to wait.", status: "draft", povId: ann.id, plotlineIds: [main.id], labelIds: [label.id], targetWords: 3000, storyDate: "1912-04-14", storyTime: "06:30" },
      },
      writer,
    );
    await updatePlan({ bookId, kind: "scenes", itemId: ids["Empty moorings"]!, changes: { synopsis: "No boat is left at the moorings.", status: "idea" } }, writer);

    const other = await createBook({ title: "Other", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, writer);
    otherBookId = other.id;
  });

  it("a part prints its chapters alone, under its part title, and the EPUB passes epubcheck", async () => {
    const text = await markdown({ parts: [ids.first!] });
    expect(text).toContain("The boats were gone.");
    expect(text).toContain("The storm broke at noon.");
    expect(text).not.toContain("The sea was grey.");
    expect(text).not.toContain("They came back in spring.");
    const epub = (await exportBook({ bookId, format: "epub", parts: [ids.first!], scenes: [ids.Waiting!] }, writer)).file!;
    const files = unzipSync(epub.bytes);
    const xhtml = Object.entries(files).filter(([name]) => name.endsWith(".xhtml")).map(([, data]) => decode(data)).join("\n");
    expect(xhtml).toContain("The storm broke at noon.");
    expect(xhtml).not.toContain("They came back in spring.");
    expect(xhtml).toContain("Part One: The Shore");
    const verdict = await epubcheck(epub.bytes);
    expect(verdict.ok, verdict.report).toBe(true);
  }, 180_000);

  it("scenes print their stretch of the chapter alone, joined by the chapter's own break; with chapters, the union in the book's order", async () => {
    const scenes = await markdown({ scenes: [ids.Waiting!, ids.Walk!] });
    expect(scenes).toContain("Ann walked to the harbour.");
    expect(scenes).toContain("She waited for the tide.");
    expect(scenes).not.toContain("The boats were gone.");
    expect(scenes.indexOf("Ann walked")).toBeLessThan(scenes.indexOf("She waited"));
    // the two scenes are still two: a break between them
    expect(scenes.slice(scenes.indexOf("Ann walked"), scenes.indexOf("She waited"))).toMatch(/\* \* \*|\*\*\*|---/);
    const union = await markdown({ chapters: [ids.Return!, ids.Prologue!], scenes: [ids["Empty moorings"]!] });
    const order = ["The sea was grey.", "The boats were gone.", "They came back in spring."].map((words) => union.indexOf(words));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(union).not.toContain("Ann walked");
    // a chapter named whole is printed whole, though one of its scenes is named too
    const whole = await markdown({ chapters: [ids.Harbour!], scenes: [ids.Walk!] });
    expect(whole).toContain("The boats were gone.");
  });

  it("refuses another book's ids (422 naming the attribute), a trashed chapter (404 chapter_in_trash) and a choice of nothing, changing nothing", async () => {
    const otherPart = await createPart({ bookId: otherBookId, title: "Elsewhere" }, writer);
    const otherChapter = await uploadChapter({ bookId: otherBookId, title: "Elsewhere", content: "x\n\n* * *\n\ny" }, writer);
    const [otherScene] = await splitChapter({ bookId: otherBookId, chapterId: otherChapter.id }, writer);
    await expect(markdown({ parts: [otherPart.id] })).rejects.toMatchObject({ status: 422, code: "validation_failed", details: [{ path: "parts" }] });
    await expect(markdown({ chapters: [otherChapter.id] })).rejects.toMatchObject({ status: 422, details: [{ path: "chapters" }] });
    await expect(markdown({ scenes: [otherScene!.id] })).rejects.toMatchObject({ status: 422, details: [{ path: "scenes" }] });
    await expect(markdown({ scenes: ["no-such-scene"] })).rejects.toMatchObject({ status: 422, details: [{ path: "scenes" }] });
    await expect(markdown({ chapters: [ids.Drafts!] })).rejects.toMatchObject({ status: 404, code: "chapter_in_trash" });
    await expect(markdown({ parts: [ids.empty!] })).rejects.toMatchObject({ status: 422, details: [{ path: "parts" }] });
    await expect(markdown({ content: "outline", manuscript: true, format: "docx" })).rejects.toMatchObject({ status: 422, details: [{ path: "manuscript" }] });
  });

  it("the outline: parts, chapters and scenes with synopsis, status, POV, plotlines, labels, target and story date; a selection narrows it", async () => {
    const outline = await markdown({ content: "outline" });
    for (const words of [
      "Part One: The Shore · plan",
      "Ann at the shore, before the sea takes the boats.",
      "Harbour",
      "Ann finds the harbour empty.",
      "She decides to wait.",
      "**Status:** draft",
      "**POV:** Ann",
      "**Plotlines:** The missing boats",
      "**Labels:** needs research",
      "**Target:** 3000",
      "**Story date:** 1912-04-14 06:30",
      "Empty moorings",
      "No boat is left at the moorings.",
      "**Status:** idea",
      "Return",
    ])
      expect(outline).toContain(words);
    expect(outline).not.toContain("The boats were gone.");
    expect(outline).not.toContain("Drafts");
    const scene = await markdown({ content: "outline", scenes: [ids["Empty moorings"]!] });
    expect(scene).toContain("No boat is left at the moorings.");
    expect(scene).not.toContain("Walk");
    expect(scene).not.toContain("Return");
  });

  it("the outline names an untitled scene in the book's language, as an untitled chapter is (decision 0516)", async () => {
    for (const [language, title, names] of [
      ["en", "Harbour", ["## Scene 1", "## Scene 2"]],
      ["zh-CN", "渡口", ["## 第1场", "## 第2场"]],
    ] as const) {
      const book = await createBook({ title: `${title} book`, type: "novel", description: "", language, status: "drafting", targetWordCount: null }, writer);
      const chapter = await uploadChapter({ bookId: book.id, title, content: "One.\n\n* * *\n\nTwo." }, writer);
      await splitChapter({ bookId: book.id, chapterId: chapter.id }, writer);
      const outline = decode((await exportBook({ bookId: book.id, format: "md", content: "outline" }, writer)).file!.bytes);
      for (const name of names) expect(outline, language).toContain(name);
      expect(outline, language).not.toContain(language === "en" ? "第" : "Scene");
    }
  });

  it("the outline as DOCX opens in LibreOffice, and as PDF", async () => {
    const docx = (await exportBook({ bookId, format: "docx", content: "outline" }, writer)).file!;
    expect(docx.name).toContain("Outline");
    const xml = decode(unzipSync(docx.bytes)["word/document.xml"]!);
    expect(xml).toContain("Ann finds the harbour empty.");
    if (has("soffice")) {
      const pdf = libreOfficeToPdf(docx.bytes, "docx");
      expect(pdf, "LibreOffice opens the DOCX").not.toBeNull();
      expect(pdfText(pdf!)).toContain("No boat is left at the moorings.");
    }
    const pdf = (await exportBook({ bookId, format: "pdf", content: "outline" }, writer)).file!;
    expect(pdfText(pdf.bytes).replace(/\s+/g, " ")).toContain("Ann finds the harbour empty.");
  }, 240_000);
});
