// @module-tag postgres
// Issue 36 item 5 (decision 0497): beta readers read the snapshot the owner shares, never the live
// draft; their place is kept per chapter, a reaction per paragraph is toggled, the owner sees per
// chapter where readers stopped and what they reacted to, named only when the owner allows.
import { beforeAll, describe, expect, it } from "vitest";
import type { Principal } from "@/server/auth/principal";
import { createBook } from "@/server/books/create-book";
import { getChapter } from "@/server/chapters/get-chapter";
import { chaptersCollection, listChapters } from "@/server/chapters/list-chapters";
import { saveChapter } from "@/server/chapters/save-chapter";
import { uploadChapter } from "@/server/chapters/upload-chapter";
import { defaultCollectionOptions } from "@/server/collections";
import { sql } from "@/server/db";
import { AppError } from "@/server/errors";
import { inboxCollection, listInbox } from "@/server/inbox/list-inbox";
import { addMember } from "@/server/members/add-member";
import { removeMember } from "@/server/members/remove-member";
import { getReadersReport } from "@/server/readers/get-readers-report";
import { getReading } from "@/server/readers/get-reading";
import { getReadingChapter } from "@/server/readers/get-reading-chapter";
import { paragraphsOf } from "@/server/readers/paragraphs";
import { reactToParagraph } from "@/server/readers/react-to-paragraph";
import { setReadingPlace } from "@/server/readers/set-reading-place";
import { shareWithReaders } from "@/server/readers/share-with-readers";
import { setChapterRelease } from "@/server/releases/set-chapter-release";
import { createSnapshot } from "@/server/snapshots/create-snapshot";
import { deleteSnapshot } from "@/server/snapshots/delete-snapshot";
import { newWriter } from "../support/principals";

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; details: unknown }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.message, details: error.details };
}

const emailOf = async (principal: Principal) => (await sql.selectFrom("User").select("email").where("id", "=", principal.userId).executeTakeFirstOrThrow()).email;
const inboxOf = async (principal: Principal, bookId: string) =>
  (await listInbox(defaultCollectionOptions(inboxCollection, { perPage: 100 }), principal)).items.filter((n) => n.book.id === bookId);

let owner: Principal;

beforeAll(async () => {
  await newWriter("admin"); // the first account is the admin
  owner = await newWriter("owner");
});

/**
 * A book of three chapters frozen as "Draft 1" and shared with two beta readers; the first two
 * chapters released to readers, the third not; then the live draft moves on.
 */
async function sharedBook() {
  const book = await createBook({ title: "The Heron", type: "novel", description: "", language: "en", status: "drafting", targetWordCount: null }, owner);
  const one = await uploadChapter({ bookId: book.id, title: "One", content: "A heron stood still.\n\n<!-- fix the heron -->\nThe reeds moved.\n\nNight came." }, owner);
  const two = await uploadChapter({ bookId: book.id, title: "Two", content: "The river ran.\n\nIt ran on." }, owner);
  const three = await uploadChapter({ bookId: book.id, title: "Three", content: "Unreleased words." }, owner);
  await setChapterRelease({ bookId: book.id, chapterId: one.id, released: true }, owner);
  await setChapterRelease({ bookId: book.id, chapterId: two.id, released: true }, owner);
  const draft = await createSnapshot({ bookId: book.id, name: "Draft 1", note: "" }, owner);
  await saveChapter({ bookId: book.id, chapterId: one.id, version: 1, content: "The live draft, rewritten." }, owner);
  const [ann, ben] = [await newWriter("ann"), await newWriter("ben")];
  for (const reader of [ann, ben]) await addMember({ bookId: book.id, email: await emailOf(reader), role: "beta_reader" }, owner);
  await shareWithReaders({ bookId: book.id, snapshotId: draft.id, showNames: false }, owner);
  return { book, one, two, three, draft, ann, ben };
}

describe("paragraphs of a snapshot's text", () => {
  it("are the runs of non-blank lines, without the writer's notes", () => {
    expect(paragraphsOf("A heron.\r\n\r\n<!-- note -->\nThe reeds\nmoved.\n\n\n   \nNight.")).toEqual(["A heron.", "The reeds\nmoved.", "Night."]);
    expect(paragraphsOf("")).toEqual([]);
  });
});

describe("sharing a snapshot with readers", () => {
  it("is the owner's; a snapshot of another book is 404; nothing shared is 404 to readers", async () => {
    const f = await sharedBook();
    const other = await sharedBook();
    expect((await refusal(shareWithReaders({ bookId: f.book.id, snapshotId: other.draft.id }, owner))).code).toBe("not_found");
    expect((await refusal(shareWithReaders({ bookId: f.book.id, snapshotId: null }, f.ann))).code).toBe("forbidden");
    await shareWithReaders({ bookId: f.book.id, snapshotId: null }, owner);
    expect((await refusal(getReading({ bookId: f.book.id }, f.ann))).code).toBe("not_found");
  });

  it("ends when the snapshot is deleted, and its places and reactions go with it", async () => {
    const f = await sharedBook();
    await reactToParagraph({ bookId: f.book.id, chapterId: f.one.id, paragraph: 0, reaction: "👍" }, f.ann);
    await deleteSnapshot({ bookId: f.book.id, snapshotId: f.draft.id }, owner);
    expect((await getReadersReport({ bookId: f.book.id }, owner)).sharing.snapshot).toBeNull();
    expect(await sql.selectFrom("ParagraphReaction").select("paragraph").where("snapshotId", "=", f.draft.id).execute()).toEqual([]);
  });
});

describe("a beta reader reads the shared snapshot", () => {
  it("sees the snapshot's text of the released chapters, never the live draft, the notes or an unreleased chapter", async () => {
    const f = await sharedBook();
    const reading = await getReading({ bookId: f.book.id }, f.ann);
    expect(reading.snapshot.name).toBe("Draft 1");
    expect(reading.chapters.map((c) => c.title)).toEqual(["One", "Two"]);
    expect(reading.resume).toBeNull();
    const one = await getReadingChapter({ bookId: f.book.id, chapterId: f.one.id }, f.ann);
    expect(one.paragraphs).toEqual(["A heron stood still.", "The reeds moved.", "Night came."]);
    expect(one).toMatchObject({ previousChapterId: null, nextChapterId: f.two.id, place: null, reactions: [] });
    const unreleased = await refusal(getReadingChapter({ bookId: f.book.id, chapterId: f.three.id }, f.ann));
    expect(unreleased).toMatchObject({ code: "forbidden", message: expect.stringContaining("not released") });
    expect((await refusal(getReadingChapter({ bookId: f.book.id, chapterId: "no-such-chapter" }, f.ann))).code).toBe("not_found");
    // the owner reads every chapter of it
    expect((await getReading({ bookId: f.book.id }, owner)).chapters.map((c) => c.title)).toEqual(["One", "Two", "Three"]);
  });

  it("reads no live chapter while the book shares a snapshot, released or not; the released ones again once it shares none", async () => {
    const f = await sharedBook();
    const live = () => getChapter({ bookId: f.book.id, chapterId: f.one.id }, f.ann);
    const listed = async () => (await listChapters({ bookId: f.book.id, includeContent: true, options: defaultCollectionOptions(chaptersCollection) }, f.ann)).items.map((c) => c.title);
    expect(await refusal(live())).toMatchObject({ code: "forbidden", message: expect.stringContaining("not the draft") });
    expect(await listed()).toEqual([]);
    await shareWithReaders({ bookId: f.book.id, snapshotId: null }, owner);
    expect((await live()).content).toBe("The live draft, rewritten.");
    expect(await listed()).toEqual(["One", "Two"]);
  });

  it("keeps their place per chapter, so another device resumes where they were; a paragraph past the end is 422 and changes nothing", async () => {
    const f = await sharedBook();
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 2, finished: true }, f.ann);
    const place = await setReadingPlace({ bookId: f.book.id, chapterId: f.two.id, paragraph: 1 }, f.ann);
    expect(place).toMatchObject({ paragraph: 1, finished: false });
    const reading = await getReading({ bookId: f.book.id }, f.ann);
    expect(reading.resume).toEqual({ chapterId: f.two.id, paragraph: 1 });
    expect(reading.chapters.map((c) => c.place && [c.place.paragraph, c.place.finished])).toEqual([
      [2, true],
      [1, false],
    ]);
    // paging back does not un-finish a chapter
    expect(await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 0 }, f.ann)).toMatchObject({ paragraph: 0, finished: true });
    const past = await refusal(setReadingPlace({ bookId: f.book.id, chapterId: f.two.id, paragraph: 2 }, f.ann));
    expect(past).toMatchObject({ code: "validation_failed", details: [{ path: "paragraph" }] });
    expect((await getReading({ bookId: f.book.id }, f.ann)).chapters[1]!.place?.paragraph).toBe(1);
    expect((await getReading({ bookId: f.book.id }, f.ben)).resume).toBeNull(); // a place is the reader's own
  });

  it("toggles one reaction per paragraph: the same again takes it back, another replaces it", async () => {
    const f = await sharedBook();
    const react = (reaction: "👍" | "❓", paragraph = 1) => reactToParagraph({ bookId: f.book.id, chapterId: f.one.id, paragraph, reaction }, f.ann);
    expect(await react("👍")).toEqual({ paragraph: 1, reaction: "👍" });
    expect(await react("❓")).toEqual({ paragraph: 1, reaction: "❓" });
    expect((await getReadingChapter({ bookId: f.book.id, chapterId: f.one.id }, f.ann)).reactions).toEqual([{ paragraph: 1, reaction: "❓" }]);
    expect(await react("❓")).toEqual({ paragraph: 1, reaction: null });
    expect((await getReadingChapter({ bookId: f.book.id, chapterId: f.one.id }, f.ann)).reactions).toEqual([]);
    expect((await refusal(react("👍", 3))).code).toBe("validation_failed");
    expect((await refusal(reactToParagraph({ bookId: f.book.id, chapterId: f.three.id, paragraph: 0, reaction: "👍" }, f.ann))).code).toBe("forbidden");
  });

  it("is refused at the next request once removed from the book", async () => {
    const f = await sharedBook();
    await getReading({ bookId: f.book.id }, f.ann);
    await removeMember({ bookId: f.book.id, userId: f.ann.userId }, owner);
    expect((await refusal(getReading({ bookId: f.book.id }, f.ann))).code).toBe("forbidden");
    expect((await refusal(getReadingChapter({ bookId: f.book.id, chapterId: f.one.id }, f.ann))).code).toBe("forbidden");
  });

  it("is refused for a stranger", async () => {
    const f = await sharedBook();
    const stranger = await newWriter("stranger");
    expect((await refusal(getReading({ bookId: f.book.id }, stranger))).code).toBe("forbidden");
    expect((await refusal(getReadersReport({ bookId: f.book.id }, f.ann))).code).toBe("forbidden");
  });
});

describe("the owner's view of the readers", () => {
  it("counts, per chapter, who started and finished, where each stopped and the reactions per paragraph, with readers numbered", async () => {
    const f = await sharedBook();
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 2, finished: true }, f.ann);
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 1 }, f.ben);
    await reactToParagraph({ bookId: f.book.id, chapterId: f.one.id, paragraph: 1, reaction: "😮" }, f.ann);
    await reactToParagraph({ bookId: f.book.id, chapterId: f.one.id, paragraph: 1, reaction: "😮" }, f.ben);
    await reactToParagraph({ bookId: f.book.id, chapterId: f.one.id, paragraph: 0, reaction: "❤️" }, f.ben);
    const report = await getReadersReport({ bookId: f.book.id }, owner);
    expect(report.readers).toEqual([{ label: "Reader 1" }, { label: "Reader 2" }]);
    const [one, two] = report.chapters;
    expect(one).toMatchObject({ title: "One", paragraphCount: 3, started: 2, finished: 1 });
    expect(one!.stops).toEqual([
      { reader: "Reader 2", paragraph: 1, excerpt: "The reeds moved.", finished: false },
      { reader: "Reader 1", paragraph: 2, excerpt: "Night came.", finished: true },
    ]);
    expect(one!.reactions).toEqual([
      { paragraph: 0, excerpt: "A heron stood still.", counts: { "❤️": 1 } },
      { paragraph: 1, excerpt: "The reeds moved.", counts: { "😮": 2 } },
    ]);
    expect(two).toMatchObject({ started: 0, finished: 0, stops: [], reactions: [] });
    expect(JSON.stringify(report)).not.toContain("ann");

    await shareWithReaders({ bookId: f.book.id, snapshotId: f.draft.id, showNames: true }, owner);
    expect((await getReadersReport({ bookId: f.book.id }, owner)).readers).toEqual([{ label: "ann" }, { label: "ben" }]);
  });

  it("keeps a reader's number across snapshots and never counts the owner's own reading", async () => {
    const f = await sharedBook();
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 0 }, owner);
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 0 }, f.ben);
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 0 }, f.ann);
    const second = await createSnapshot({ bookId: f.book.id, name: "Draft 2", note: "" }, owner);
    await shareWithReaders({ bookId: f.book.id, snapshotId: second.id }, owner);
    await setReadingPlace({ bookId: f.book.id, chapterId: f.two.id, paragraph: 0 }, f.ann);
    const report = await getReadersReport({ bookId: f.book.id }, owner);
    expect(report.readers).toEqual([{ label: "Reader 3" }]); // ben was 2, ann 3: the owner took 1 but is never listed
    expect((await getReadersReport({ bookId: f.book.id, snapshotId: f.draft.id }, owner)).readers).toEqual([{ label: "Reader 2" }, { label: "Reader 3" }]);
  });

  it("tells the owner once per reader per chapter finished, naming the reader as the owner allows", async () => {
    const f = await sharedBook();
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 1 }, f.ann);
    expect(await inboxOf(owner, f.book.id)).toEqual([]);
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 2, finished: true }, f.ann);
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 2, finished: true }, f.ann);
    await setReadingPlace({ bookId: f.book.id, chapterId: f.one.id, paragraph: 0, finished: true }, owner);
    const told = await inboxOf(owner, f.book.id);
    expect(told).toEqual([
      expect.objectContaining({ kind: "reader_finished", actor: { id: "", name: "Reader 1", readerNumber: 1 }, readChapter: { id: f.one.id, title: "One" }, href: `/books/${f.book.id}/readers` }),
    ]);
    await shareWithReaders({ bookId: f.book.id, snapshotId: f.draft.id, showNames: true }, owner);
    expect((await inboxOf(owner, f.book.id))[0]!.actor).toEqual({ id: f.ann.userId, name: "ann", readerNumber: null });
  });
});
