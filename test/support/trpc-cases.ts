import { expect } from "vitest";
import { analysesState, builtInTemplate, install, ownTemplate, runOn, templateState } from "./http-analysis";
import { bookCount, bookFixture, coverForm, createBook, uploadChapter } from "./http-books";
import { call, del, expectFailure, expectSuccess, get } from "./http-client";
import { finishedJob, MANUSCRIPT } from "./http-convert-cases";
import type { Account } from "./http-users";
import { WRITING_TRPC_CASES } from "./trpc-cases-writing";
import { BIBLE_TRPC_CASES } from "./http-bible-cases";
import type { PrepareCall } from "./case-types";
import { MEMBERS_TRPC_CASES } from "./http-members-cases";
import { PARTS_TRPC_CASES } from "./http-parts-cases";
import { SCENES_TRPC_CASES } from "./http-scenes-cases";
import { FORESHADOWING_TRPC_CASES } from "./http-foreshadowing-cases";
import { PLOT_GRID_TRPC_CASES } from "./http-plot-grid-cases";
import { PLAN_TRPC_CASES } from "./http-plan-cases";
import { INVITATIONS_TRPC_CASES } from "./http-invitations-cases";
import { COMMENTS_TRPC_CASES } from "./http-comments-cases";
import { SUGGESTIONS_TRPC_CASES } from "./http-suggestions-cases";
import { INBOX_TRPC_CASES } from "./http-inbox-cases";
import { SNAPSHOTS_TRPC_CASES } from "./http-snapshots-cases";
import { READERS_TRPC_CASES } from "./http-readers-cases";
import { WEBHOOKS_TRPC_CASES } from "./http-webhooks-cases";
import { ACCOUNTS_TRPC_CASES } from "./http-accounts-cases";
import { ARCHIVE_TRPC_CASES } from "./http-account-archive-cases";
import { BACK_MATTER_TRPC_CASES } from "./http-back-matter-cases";

const nothing = async () => null;


/** The page a list procedure answers, for content checks. */
function pageOf<T>(data: unknown): { items: T[]; total: number; page: number; perPage: number } {
  expect(data).toEqual({ items: expect.any(Array), total: expect.any(Number), page: expect.any(Number), perPage: expect.any(Number) });
  return data as { items: T[]; total: number; page: number; perPage: number };
}

/**
 * The owner's library and what he sees of one template, without its install count: another
 * writer installing a published template moves that count, and may.
 */
async function libraryState(owner: Account, templateId: string) {
  const { template, library } = await templateState(owner.token, templateId);
  const data = (template.body as { data: Record<string, unknown> }).data;
  const seen = Object.fromEntries(Object.entries(data).filter(([name]) => name !== "installs" && name !== "updatedAt"));
  return { status: template.status, seen, library };
}

const fromBase64 = (data: unknown) => Buffer.from((data as { file: { base64: string } }).file.base64, "base64").toString("utf8");

/**
 * A fixture per tRPC procedure, keyed by its path. The matrix asserts these keys equal the
 * router's procedures, so a new procedure cannot go untested.
 */
export const TRPC_CASES: Record<string, PrepareCall> = {
  "users.me": async (owner) => ({
    stranger: null,
    snapshot: nothing,
    async afterSuccess(data) {
      expect(data).toMatchObject({ id: owner.id, email: owner.email, role: "writer" });
    },
  }),
  "users.updateMe": async (owner) => ({
    input: { locale: "zh-CN" },
    stranger: null,
    snapshot: async () => ((await get("/api/v1/users/me", owner.token)).body as { data: { locale: unknown } }).data.locale,
    async afterSuccess(data) {
      expect(data).toMatchObject({ id: owner.id, locale: "zh-CN" });
    },
  }),
  "books.list": async (owner) => {
    const listed = await createBook(owner.token, { title: "Listed by the tRPC matrix", type: "trpc-matrix-listed" });
    return {
      input: { type: "trpc-matrix-listed" },
      stranger: null,
      snapshot: () => bookCount(owner.token),
      async afterSuccess(data) {
        expect(data).toEqual({ items: [expect.objectContaining({ id: listed.id, ownerId: owner.id })], total: 1, page: 1, perPage: 20 });
      },
    };
  },
  "books.get": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.book.id, title: "Fixture Book", ownerId: owner.id, chapterCount: 2 });
      },
    };
  },
  "books.create": async (owner) => ({
    input: { title: "tRPC Matrix", type: "novel", description: "made by the tRPC matrix" },
    stranger: null,
    snapshot: () => bookCount(owner.token),
    async afterSuccess(data) {
      expect(data).toMatchObject({ title: "tRPC Matrix", ownerId: owner.id, chapterCount: 0, deleted: false });
    },
  }),
  "books.update": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, changes: { title: "Patched over tRPC" } },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.book.id, title: "Patched over tRPC" });
        expect((await get(`/api/v1/books/${f.book.id}`, owner.token)).body.data).toMatchObject({ title: "Patched over tRPC" });
      },
    };
  },
  "books.delete": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toEqual({ deleted: true });
        expectFailure(await get(`/api/v1/books/${f.book.id}`, owner.token), 404, "book_in_trash");
      },
    };
  },
  "books.deleteCover": async (owner) => {
    const f = await bookFixture(owner);
    expectSuccess(await call("PUT", `/api/v1/books/${f.book.id}/cover`, { token: owner.token, body: coverForm() }), 201);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.book.id, cover: null });
      },
    };
  },
  "chapters.upload": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, content: "# Third\n\nMore words here." },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ bookId: f.book.id, title: "Third", position: 3, version: 1 });
      },
    };
  },
  "chapters.list": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, includeContent: true },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        const page = pageOf<{ id: string; position: number; content: string }>(data);
        expect(page.total).toBe(2);
        expect(page.items.map(({ id, position, content }) => ({ id, position, content }))).toEqual([
          { id: f.chapter.id, position: 1, content: "# Opening\n\nIt was a bright cold day." },
          { id: f.other.id, position: 2, content: "The rain fell." },
        ]);
      },
    };
  },
  "chapters.get": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.chapter.id, title: "Opening", content: "# Opening\n\nIt was a bright cold day.", version: 2 });
      },
    };
  },
  "chapters.save": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id, version: 2, content: "All new." },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.chapter.id, content: "All new.", version: 3 });
      },
    };
  },
  "chapters.delete": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toEqual({ deleted: true });
        expectFailure(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token), 404, "chapter_in_trash");
      },
    };
  },
  "chapters.untrash": async (owner) => {
    const f = await bookFixture(owner);
    await del(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.chapter.id, position: 1, version: 2 });
      },
    };
  },
  "chapters.reorder": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterIds: [f.other.id, f.chapter.id] },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect((data as { id: string }[]).map((c) => c.id)).toEqual([f.other.id, f.chapter.id]);
      },
    };
  },
  "chapters.revisions": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        const page = pageOf<{ version: number }>(data);
        expect({ ...page, items: page.items.map((r) => r.version) }).toEqual({ items: [2, 1], total: 2, page: 1, perPage: 20 });
      },
    };
  },
  "chapters.revision": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id, version: 1 },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ version: 1, content: "# Opening\n\nIt was a dark and stormy night." });
      },
    };
  },
  "chapters.restoreRevision": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, chapterId: f.chapter.id, revision: 1, version: 2 },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ version: 3, content: "# Opening\n\nIt was a dark and stormy night." });
      },
    };
  },
  "jobs.list": async (owner) => {
    const jobId = await finishedJob(owner);
    return {
      input: { kind: "convert.document" },
      stranger: null,
      snapshot: nothing,
      async afterSuccess(data) {
        const page = pageOf<{ id: string; kind: string }>(data);
        expect(page.items.map((j) => j.id)).toContain(jobId);
        expect(new Set(page.items.map((j) => j.kind))).toEqual(new Set(["convert.document"]));
      },
    };
  },
  "jobs.get": async (owner) => {
    const jobId = await finishedJob(owner);
    return {
      input: { jobId },
      stranger: "forbidden",
      snapshot: nothing,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: jobId, status: "succeeded" });
      },
    };
  },
  "convert.formats": async () => ({
    stranger: null,
    snapshot: nothing,
    async afterSuccess(data) {
      expect((data as { id: string }[]).map((f) => f.id)).toEqual(expect.arrayContaining(["md", "docx", "epub"]));
    },
  }),
  "convert.convert": async () => ({
    input: { from: "md", to: "html", content: MANUSCRIPT },
    stranger: null,
    snapshot: nothing,
    async afterSuccess(data) {
      expect((data as { file: { mediaType: string } }).file.mediaType).toMatch(/^text\/html/);
      expect(fromBase64(data)).toContain("The second chapter.");
    },
  }),
  "convert.export": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, format: "md" },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(fromBase64(data)).toContain("It was a bright cold day.");
      },
    };
  },
  "convert.coverTemplate": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, trimSize: "6x9", paper: "cream", pageCount: 200 },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ file: { mediaType: "application/pdf" }, dimensions: { pageCount: 200, spineWidth: 0.5, coverWidth: 12.75, coverHeight: 9.25 } });
      },
    };
  },
  "convert.printPreview": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, pages: 1 },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ theme: "classic", trimSize: "6x9", pages: [{ number: 1, mediaType: "image/png" }] });
      },
    };
  },
  "convert.import": async (owner) => ({
    input: { fileName: "manuscript.md", text: MANUSCRIPT, title: "Imported over tRPC" },
    stranger: null,
    snapshot: () => bookCount(owner.token),
    async afterSuccess(data) {
      expect(data).toMatchObject({ book: { title: "Imported over tRPC", ownerId: owner.id, chapterCount: 2 } });
    },
  }),
  "convert.importInto": async (owner) => {
    const f = await bookFixture(owner);
    return {
      input: { bookId: f.book.id, fileName: "more.md", text: MANUSCRIPT },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ book: { id: f.book.id, chapterCount: 4 } });
      },
    };
  },
  "analysis.search": async () => ({
    input: { q: "save the cat", perPage: 5 },
    stranger: null,
    snapshot: nothing,
    async afterSuccess(data) {
      const page = pageOf<{ name: string }>(data);
      expect(page.perPage).toBe(5);
      expect(page.items[0]?.name).toMatch(/save the cat/i);
    },
  }),
  "analysis.get": async (owner) => {
    const template = await ownTemplate(owner.token);
    return {
      input: { templateId: template.id },
      stranger: "not_found",
      snapshot: nothing,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: template.id, name: "My Study", published: false, definition: template.definition });
      },
    };
  },
  "analysis.install": async (owner) => {
    const template = await builtInTemplate(owner.token, "readability");
    await del(`/api/v1/analysis/installed/${template.id}`, owner.token);
    return {
      input: { templateId: template.id },
      stranger: null,
      snapshot: () => libraryState(owner, template.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: template.id, installed: true });
      },
    };
  },
  "analysis.installed": async (owner) => {
    const template = await builtInTemplate(owner.token);
    await install(owner.token, template.id);
    return {
      stranger: null,
      snapshot: nothing,
      async afterSuccess(data) {
        expect((data as { id: string }[]).map((t) => t.id)).toContain(template.id);
      },
    };
  },
  "analysis.uninstall": async (owner) => {
    const template = await builtInTemplate(owner.token, "echoes");
    await install(owner.token, template.id);
    return {
      input: { templateId: template.id },
      // The template is not in the stranger's library (REST answers the same).
      stranger: "not_found",
      snapshot: () => libraryState(owner, template.id),
      async afterSuccess(data) {
        expect(data).toEqual({ uninstalled: true });
        expect((await templateState(owner.token, template.id)).library).not.toContain(template.id);
      },
    };
  },
  "analysis.create": async (owner) => {
    const { definition } = await builtInTemplate(owner.token);
    const mine = async () => (expectSuccess(await get(`/api/v1/analysis/search?author=${owner.id}&per_page=100`, owner.token), 200) as unknown[]).length;
    return {
      input: { name: "tRPC Matrix Study", category: "dialogue", definition },
      stranger: null,
      snapshot: mine,
      async afterSuccess(data) {
        expect(data).toMatchObject({ name: "tRPC Matrix Study", author: { id: owner.id }, published: false, version: 1 });
      },
    };
  },
  "analysis.update": async (owner) => {
    const template = await ownTemplate(owner.token);
    return {
      input: { templateId: template.id, changes: { summary: "changed over tRPC" } },
      stranger: "not_found",
      snapshot: () => templateState(owner.token, template.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: template.id, summary: "changed over tRPC", version: 2 });
      },
    };
  },
  "analysis.delete": async (owner) => {
    const template = await ownTemplate(owner.token);
    return {
      input: { templateId: template.id },
      stranger: "not_found",
      snapshot: () => templateState(owner.token, template.id),
      async afterSuccess(data) {
        expect(data).toEqual({ deleted: true });
        expectFailure(await get(`/api/v1/analysis/${template.id}`, owner.token), 404, "not_found");
      },
    };
  },
  "analysis.run": async (owner) => {
    const f = await bookFixture(owner);
    const template = await builtInTemplate(owner.token);
    await install(owner.token, template.id);
    return {
      input: { bookId: f.book.id, templateId: template.id },
      stranger: "forbidden",
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ status: "done", analysis: { bookId: f.book.id, templateId: template.id, status: "succeeded" } });
      },
    };
  },
  "analysis.runMany": async (owner) => {
    const f = await bookFixture(owner);
    const [one, two] = [await builtInTemplate(owner.token), await builtInTemplate(owner.token, "三幕")];
    await install(owner.token, one.id);
    await install(owner.token, two.id);
    return {
      input: { bookId: f.book.id, templates: [one.id, two.id] },
      stranger: "forbidden",
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ status: "done", analyses: [{ templateId: one.id, status: "succeeded" }, { templateId: two.id, status: "succeeded" }], reused: [] });
      },
    };
  },
  "analysis.deleteResult": async (owner) => {
    const f = await bookFixture(owner);
    const analysis = await runOn(owner.token, f.book.id, (await builtInTemplate(owner.token)).id);
    return {
      input: { bookId: f.book.id, analysisId: analysis.id },
      stranger: "forbidden",
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toEqual({ deleted: true });
        expect((await analysesState(owner.token, f.book.id)).analyses).toEqual([]);
      },
    };
  },
  "analysis.results": async (owner) => {
    const f = await bookFixture(owner);
    const analysis = await runOn(owner.token, f.book.id, (await builtInTemplate(owner.token)).id);
    return {
      input: { bookId: f.book.id },
      stranger: "forbidden",
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toEqual({ items: [expect.objectContaining({ id: analysis.id, bookId: f.book.id })], total: 1, page: 1, perPage: 20 });
      },
    };
  },
  "analysis.result": async (owner) => {
    const f = await bookFixture(owner);
    const analysis = await runOn(owner.token, f.book.id, (await builtInTemplate(owner.token)).id);
    return {
      input: { bookId: f.book.id, analysisId: analysis.id },
      stranger: "forbidden",
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toEqual(analysis);
      },
    };
  },
  "analysis.compare": async (owner) => {
    const f = await bookFixture(owner);
    const other = await createBook(owner.token, { title: "Model Book" });
    await uploadChapter(owner.token, other.id, "One short chapter.", "Only");
    return {
      input: { bookId: f.book.id, otherBookId: other.id, series: ["chapter-words"] },
      stranger: "forbidden",
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({
          series: [{ key: "chapter-words" }],
          left: { bookId: f.book.id, asOf: null, chapters: [{ id: f.chapter.id }, { id: f.other.id }] },
          right: { bookId: other.id, title: "Model Book", words: 3, chapters: [{ title: "Only", position: 50 }], values: { "chapter-words": [3] } },
        });
      },
    };
  },
  ...WRITING_TRPC_CASES,
  ...BIBLE_TRPC_CASES,
  ...PARTS_TRPC_CASES,
  ...SCENES_TRPC_CASES,
  ...FORESHADOWING_TRPC_CASES,
  ...PLOT_GRID_TRPC_CASES,
  ...PLAN_TRPC_CASES,
  ...MEMBERS_TRPC_CASES,
  ...INVITATIONS_TRPC_CASES,
  ...COMMENTS_TRPC_CASES,
  ...SUGGESTIONS_TRPC_CASES,
  ...INBOX_TRPC_CASES,
  ...SNAPSHOTS_TRPC_CASES,
  ...READERS_TRPC_CASES,
  ...WEBHOOKS_TRPC_CASES,
  ...ACCOUNTS_TRPC_CASES,
  ...ARCHIVE_TRPC_CASES,
  ...BACK_MATTER_TRPC_CASES,
};
