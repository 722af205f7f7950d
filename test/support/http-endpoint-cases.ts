import { expect } from "vitest";
import { call, del, expectFailure, expectSuccess, get, post, type ApiResponse } from "./http-client";
import { bookCount, bookState, bookWithChapters, COVER_JPEG, coverForm, createBook, tokenState, uploadChapter } from "./http-books";
import { mintToken, type Account } from "./http-users";
import { analysesState, builtInTemplate, install, ownTemplate, runOn, templateState } from "./http-analysis";
import { CONVERT_CASES } from "./http-convert-cases";
import { GOALS_CASES } from "./http-goals-cases";
import { BIBLE_CASES } from "./http-bible-cases";
import type { Prepare, Prepared } from "./case-types";
import { MEMBERS_CASES } from "./http-members-cases";
import { PARTS_CASES } from "./http-parts-cases";
import { SCENES_CASES } from "./http-scenes-cases";
import { FORESHADOWING_CASES } from "./http-foreshadowing-cases";
import { PLOT_GRID_CASES } from "./http-plot-grid-cases";
import { PLAN_CASES } from "./http-plan-cases";
import { INVITATIONS_CASES } from "./http-invitations-cases";
import { COMMENTS_CASES } from "./http-comments-cases";
import { SUGGESTIONS_CASES } from "./http-suggestions-cases";
import { INBOX_CASES } from "./http-inbox-cases";
import { SNAPSHOTS_CASES } from "./http-snapshots-cases";
import { READERS_CASES } from "./http-readers-cases";
import { WEBHOOKS_CASES } from "./http-webhooks-cases";
import { ACCOUNTS_CASES } from "./http-accounts-cases";
import { ARCHIVE_CASES } from "./http-account-archive-cases";
import { BACK_MATTER_CASES } from "./http-back-matter-cases";

const nothing = async () => null;

async function bookFixture(owner: Account) {
  const fixture = await bookWithChapters(owner.token);
  return { ...fixture, snapshot: () => bookState(owner.token, fixture.book.id) };
}

/**
 * A fixture per REST endpoint that needs a credential, keyed "METHOD path" as in ENDPOINTS. The
 * matrix test asserts this list equals the endpoints, so a new endpoint cannot go untested.
 */
/** A chapter out of the trash, at its address or at its older alias (…/restore). */
async function untrashCase(owner: Account, last: "untrash" | "restore"): Promise<Prepared> {
  const f = await bookFixture(owner);
  await del(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token);
  return {
    path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/${last}`,
    snapshot: f.snapshot,
    async afterSuccess(data) {
      expect(data).toMatchObject({ id: f.chapter.id, position: 1, version: 2 });
    },
  };
}

export const ENDPOINT_CASES: Record<string, Prepare> = {
  ...CONVERT_CASES,
  ...GOALS_CASES,
  ...BIBLE_CASES,
  ...MEMBERS_CASES,
  ...PARTS_CASES,
  ...SCENES_CASES,
  ...FORESHADOWING_CASES,
  ...PLOT_GRID_CASES,
  ...PLAN_CASES,
  ...INVITATIONS_CASES,
  ...COMMENTS_CASES,
  ...SUGGESTIONS_CASES,
  ...INBOX_CASES,
  ...SNAPSHOTS_CASES,
  ...READERS_CASES,
  ...WEBHOOKS_CASES,
  ...ACCOUNTS_CASES,
  ...ARCHIVE_CASES,
  ...BACK_MATTER_CASES,
  "POST /auth/revoke": async () => ({
    path: "/auth/revoke",
    snapshot: nothing,
    async afterSuccess(_data, token) {
      expectFailure(await get("/api/v1/users/me", token), 401, "token_revoked");
    },
  }),
  "GET /api/v1/users/me": async (owner) => ({
    path: "/api/v1/users/me",
    snapshot: nothing,
    async afterSuccess(data) {
      expect(data).toMatchObject({ id: owner.id, email: owner.email, role: "writer" });
    },
  }),
  "PATCH /api/v1/users/me": async (owner) => ({
    path: "/api/v1/users/me",
    body: { locale: "zh-CN" },
    snapshot: async () => ((await get("/api/v1/users/me", owner.token)).body as { data: { locale: unknown } }).data.locale,
    async afterSuccess(data) {
      expect(data).toMatchObject({ id: owner.id, locale: "zh-CN" });
    },
  }),
  "GET /api/v1/tokens": async (owner, scopes) => ({
    path: "/api/v1/tokens",
    snapshot: () => tokenState(owner.token),
    async afterSuccess(data) {
      const tokens = data as { name: string; kind: string; scopes: string[]; current: boolean }[];
      // The token making the request is listed, and is the only one marked current.
      expect(tokens.filter((t) => t.current)).toEqual([expect.objectContaining({ name: "matrix GET /api/v1/tokens", kind: "personal", scopes })]);
      // …and so are the owner's logins, not only personal tokens (the matrix made one per scope).
      expect(tokens.map((t) => t.name)).toContain(`without ${scopes[0]}`);
    },
  }),
  "POST /api/v1/tokens": async (owner, scopes) => ({
    path: "/api/v1/tokens",
    body: { name: "matrix token", scopes },
    snapshot: () => tokenState(owner.token),
    async afterSuccess(data) {
      expect((data as { token: { scopes: string[] } }).token.scopes).toEqual(scopes);
    },
  }),
  "DELETE /api/v1/tokens/{tokenId}": async (owner) => {
    const victim = await mintToken(owner.token, ["read:books"], "to be deleted");
    return {
      path: `/api/v1/tokens/${victim.id}`,
      snapshot: async () => ({ tokens: await tokenState(owner.token), works: (await get("/api/v1/users/me", victim.token)).status }),
      async afterSuccess() {
        expectFailure(await get("/api/v1/users/me", victim.token), 401, "token_revoked");
      },
    };
  },
  "GET /api/v1/books": async (owner) => {
    const listed = await createBook(owner.token, { title: "Listed by the matrix", type: "matrix-listed" });
    return {
      path: "/api/v1/books?type=matrix-listed",
      snapshot: () => bookCount(owner.token),
      async afterSuccess(data) {
        expect(data).toEqual([expect.objectContaining({ id: listed.id, title: "Listed by the matrix", ownerId: owner.id, deleted: false })]);
      },
    };
  },
  "POST /api/v1/books": async (owner) => ({
    path: "/api/v1/books",
    body: { title: "Matrix", type: "novel", description: "made by the matrix" },
    snapshot: () => bookCount(owner.token),
    async afterSuccess(data) {
      expect(data).toMatchObject({ title: "Matrix", ownerId: owner.id, wordCount: 0, chapterCount: 0, deleted: false });
    },
  }),
  "GET /api/v1/books/{bookId}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.book.id, title: "Fixture Book", ownerId: owner.id, chapterCount: 2, deleted: false });
      },
    };
  },
  "PUT /api/v1/books/{bookId}": async (owner) => {
    const f = await bookFixture(owner);
    const body = { title: "Replaced", type: "memoir", description: "new", language: "de", status: "revising", targetWordCount: 50_000 };
    return {
      path: `/api/v1/books/${f.book.id}`,
      body,
      snapshot: f.snapshot,
      async afterSuccess() {
        expect((await get(`/api/v1/books/${f.book.id}`, owner.token)).body.data).toMatchObject(body);
      },
    };
  },
  "PATCH /api/v1/books/{bookId}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}`,
      body: { title: "Patched" },
      snapshot: f.snapshot,
      async afterSuccess() {
        expect((await get(`/api/v1/books/${f.book.id}`, owner.token)).body.data).toMatchObject({ title: "Patched", type: "novel" });
      },
    };
  },
  "DELETE /api/v1/books/{bookId}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}`,
      snapshot: f.snapshot,
      async afterSuccess() {
        expectFailure(await get(`/api/v1/books/${f.book.id}`, owner.token), 404, "book_in_trash");
      },
    };
  },
  "GET /api/v1/books/{bookId}/cover": async (owner) => {
    const f = await bookFixture(owner);
    expectSuccess(await call("PUT", `/api/v1/books/${f.book.id}/cover`, { token: owner.token, body: coverForm() }), 201);
    return {
      path: `/api/v1/books/${f.book.id}/cover`,
      snapshot: f.snapshot,
      async afterSuccess(response) {
        expect((response as ApiResponse).headers.get("content-type")).toBe("image/jpeg");
      },
    };
  },
  "PUT /api/v1/books/{bookId}/cover": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/cover`,
      form: () => coverForm(),
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.book.id, cover: { mediaType: "image/jpeg", size: COVER_JPEG.byteLength, url: `/api/v1/books/${f.book.id}/cover` } });
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/cover": async (owner) => {
    const f = await bookFixture(owner);
    expectSuccess(await call("PUT", `/api/v1/books/${f.book.id}/cover`, { token: owner.token, body: coverForm() }), 201);
    return {
      path: `/api/v1/books/${f.book.id}/cover`,
      snapshot: f.snapshot,
      async afterSuccess() {
        expect((await get(`/api/v1/books/${f.book.id}`, owner.token)).body.data.cover).toBeNull();
      },
    };
  },
  "GET /api/v1/books/{bookId}/chapters": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        const chapters = data as { id: string; title: string; position: number }[];
        expect(chapters.map(({ id, title, position }) => ({ id, title, position }))).toEqual([
          { id: f.chapter.id, title: "Opening", position: 1 },
          { id: f.other.id, title: "Second", position: 2 },
        ]);
      },
    };
  },
  "POST /api/v1/books/{bookId}/chapters": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters`,
      body: { content: "# Third\n\nMore words here." },
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ title: "Third", position: 3, version: 1 });
      },
    };
  },
  "PUT /api/v1/books/{bookId}/chapter-order": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapter-order`,
      body: { chapterIds: [f.other.id, f.chapter.id] },
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect((data as { id: string }[]).map((c) => c.id)).toEqual([f.other.id, f.chapter.id]);
      },
    };
  },
  "GET /api/v1/books/{bookId}/chapters/{chapterId}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: f.chapter.id, bookId: f.book.id, title: "Opening", content: "# Opening\n\nIt was a bright cold day.", version: 2 });
      },
    };
  },
  "PUT /api/v1/books/{bookId}/chapters/{chapterId}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`,
      body: { title: "Rewritten", content: "All new.", version: 2 },
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ title: "Rewritten", content: "All new.", version: 3 });
      },
    };
  },
  "PATCH /api/v1/books/{bookId}/chapters/{chapterId}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`,
      body: { title: "Retitled", version: 2 },
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ title: "Retitled", content: f.chapter.content, version: 3 });
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/chapters/{chapterId}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`,
      snapshot: f.snapshot,
      async afterSuccess() {
        expectFailure(await get(`/api/v1/books/${f.book.id}/chapters/${f.chapter.id}`, owner.token), 404, "chapter_in_trash");
      },
    };
  },
  "POST /api/v1/books/{bookId}/chapters/{chapterId}/untrash": (owner) => untrashCase(owner, "untrash"),
  "POST /api/v1/books/{bookId}/chapters/{chapterId}/restore": (owner) => untrashCase(owner, "restore"),
  "GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/revisions`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect((data as { version: number }[]).map((r) => r.version)).toEqual([2, 1]);
      },
    };
  },
  "GET /api/v1/books/{bookId}/chapters/{chapterId}/revisions/{version}": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/revisions/1`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ version: 1, content: "# Opening\n\nIt was a dark and stormy night." });
      },
    };
  },
  "POST /api/v1/books/{bookId}/chapters/{chapterId}/restorations": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/chapters/${f.chapter.id}/restorations`,
      body: { revision: 1, version: 2 },
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ version: 3, content: "# Opening\n\nIt was a dark and stormy night." });
      },
    };
  },
  "GET /api/v1/books/{bookId}/search": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/search?query=bright&wholeWord=true`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject([{ chapterId: f.chapter.id, match: "bright", after: " cold day." }]);
      },
    };
  },
  "GET /api/v1/search": async (owner) => {
    const f = await bookFixture(owner);
    const word = `lantern${Math.random().toString(36).slice(2, 10)}`;
    const chapter = expectSuccess(await post(`/api/v1/books/${f.book.id}/chapters`, owner.token, { content: `A ${word} here.`, title: "Lit" }), 201);
    return {
      path: `/api/v1/search?query=${word}`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject([{ bookId: f.book.id, chapterId: chapter.id, hitCount: 1, match: word }]);
      },
    };
  },
  "GET /api/v1/books/{bookId}/replace": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/replace?query=rain&replacement=snow`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ total: 1, chapters: [{ chapterId: f.other.id, version: 1, hits: [{ hitId: "content:4", replacement: "snow" }] }] });
      },
    };
  },
  "POST /api/v1/books/{bookId}/replace": async (owner) => {
    const f = await bookFixture(owner);
    return {
      path: `/api/v1/books/${f.book.id}/replace`,
      body: { query: "rain", replacement: "snow", chapters: [{ chapterId: f.other.id, version: 1, skip: [] }] },
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({ replaced: 1, chapters: [{ chapterId: f.other.id, version: 2, replaced: 1 }] });
        // Read back with the owner's session: the matrix's token holds write:books only.
        expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token), 200).content).toBe("The snow fell.");
      },
    };
  },
  "GET /api/v1/books/{bookId}/change-sets": async (owner) => {
    const f = await bookFixture(owner);
    const applied = expectSuccess(
      await post(`/api/v1/books/${f.book.id}/replace`, owner.token, { query: "rain", replacement: "snow", chapters: [{ chapterId: f.other.id, version: 1, skip: [] }] }),
      201,
    );
    return {
      path: `/api/v1/books/${f.book.id}/change-sets`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toEqual({ items: [expect.objectContaining({ changeSetId: applied.changeSetId, query: "rain", replacement: "snow", replaced: 1, undoneAt: null })] });
      },
    };
  },
  "POST /api/v1/books/{bookId}/change-sets/{changeSetId}/undo": async (owner) => {
    const f = await bookFixture(owner);
    const applied = expectSuccess(
      await post(`/api/v1/books/${f.book.id}/replace`, owner.token, { query: "rain", replacement: "snow", chapters: [{ chapterId: f.other.id, version: 1, skip: [] }] }),
      201,
    );
    return {
      path: `/api/v1/books/${f.book.id}/change-sets/${applied.changeSetId}/undo`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toEqual({ changeSetId: applied.changeSetId, chapters: [{ chapterId: f.other.id, version: 3 }] });
        expect(expectSuccess(await get(`/api/v1/books/${f.book.id}/chapters/${f.other.id}`, owner.token), 200).content).toBe("The rain fell.");
      },
    };
  },
  "GET /api/v1/analysis/search": async () => ({
    path: "/api/v1/analysis/search?q=save+the+cat",
    snapshot: nothing,
    async afterSuccess(data) {
      expect((data as { name: string }[])[0]?.name).toMatch(/save the cat/i);
    },
  }),
  "GET /api/v1/analysis/installed": async (owner) => {
    const template = await builtInTemplate(owner.token);
    await install(owner.token, template.id);
    return {
      path: "/api/v1/analysis/installed",
      snapshot: nothing,
      async afterSuccess(data) {
        expect((data as { id: string }[]).map((t) => t.id)).toContain(template.id);
      },
    };
  },
  "POST /api/v1/analysis/install": async (owner) => {
    const template = await builtInTemplate(owner.token, "readability");
    await del(`/api/v1/analysis/installed/${template.id}`, owner.token);
    return {
      path: "/api/v1/analysis/install",
      body: { templateId: template.id },
      snapshot: () => templateState(owner.token, template.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: template.id, installed: true });
      },
    };
  },
  "DELETE /api/v1/analysis/installed/{templateId}": async (owner) => {
    const template = await builtInTemplate(owner.token, "echoes");
    await install(owner.token, template.id);
    return {
      path: `/api/v1/analysis/installed/${template.id}`,
      snapshot: () => templateState(owner.token, template.id),
      async afterSuccess() {
        expect((await templateState(owner.token, template.id)).library).not.toContain(template.id);
      },
    };
  },
  "POST /api/v1/analysis": async (owner) => {
    const { definition } = await builtInTemplate(owner.token);
    const mine = async () => (expectSuccess(await get(`/api/v1/analysis/search?author=${owner.id}&per_page=100`, owner.token), 200) as unknown[]).length;
    return {
      path: "/api/v1/analysis",
      body: { name: "Matrix Study", category: "dialogue", definition },
      snapshot: mine,
      async afterSuccess(data) {
        expect(data).toMatchObject({ name: "Matrix Study", author: { id: owner.id }, published: false, version: 1 });
      },
    };
  },
  "GET /api/v1/analysis/{templateId}": async (owner) => {
    const template = await builtInTemplate(owner.token);
    return {
      path: `/api/v1/analysis/${template.id}`,
      snapshot: nothing,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: template.id, name: template.name, published: template.published, definition: template.definition });
      },
    };
  },
  "PUT /api/v1/analysis/{templateId}": async (owner) => {
    const template = await ownTemplate(owner.token);
    return {
      path: `/api/v1/analysis/${template.id}`,
      body: { name: "Replaced Study", category: "style", definition: template.definition },
      snapshot: () => templateState(owner.token, template.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ name: "Replaced Study", category: "style", version: 2, tags: [], published: false });
      },
    };
  },
  "PATCH /api/v1/analysis/{templateId}": async (owner) => {
    const template = await ownTemplate(owner.token);
    return {
      path: `/api/v1/analysis/${template.id}`,
      body: { published: true },
      snapshot: () => templateState(owner.token, template.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ name: "My Study", published: true, version: 1 });
      },
    };
  },
  "DELETE /api/v1/analysis/{templateId}": async (owner) => {
    const template = await ownTemplate(owner.token);
    return {
      path: `/api/v1/analysis/${template.id}`,
      snapshot: () => templateState(owner.token, template.id),
      async afterSuccess() {
        expectFailure(await get(`/api/v1/analysis/${template.id}`, owner.token), 404, "not_found");
      },
    };
  },
  "POST /api/v1/books/{bookId}/analyses": async (owner) => {
    const f = await bookFixture(owner);
    const template = await builtInTemplate(owner.token);
    await install(owner.token, template.id);
    return {
      path: `/api/v1/books/${f.book.id}/analyses`,
      body: { templateId: template.id },
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ bookId: f.book.id, templateId: template.id, status: "succeeded", report: { chapters: 2, empty: false } });
      },
    };
  },
  "POST /api/v1/books/{bookId}/analyses/batch": async (owner) => {
    const f = await bookFixture(owner);
    const [one, two] = [await builtInTemplate(owner.token), await builtInTemplate(owner.token, "三幕")];
    await install(owner.token, one.id);
    await install(owner.token, two.id);
    return {
      path: `/api/v1/books/${f.book.id}/analyses/batch`,
      body: { templates: [one.id, two.id] },
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({
          status: "done",
          analyses: [
            { bookId: f.book.id, templateId: one.id, status: "succeeded" },
            { bookId: f.book.id, templateId: two.id, status: "succeeded" },
          ],
          reused: [],
          job: { status: "succeeded" },
        });
      },
    };
  },
  "DELETE /api/v1/books/{bookId}/analyses/{analysisId}": async (owner) => {
    const f = await bookFixture(owner);
    const analysis = await runOn(owner.token, f.book.id, (await builtInTemplate(owner.token)).id);
    return {
      path: `/api/v1/books/${f.book.id}/analyses/${analysis.id}`,
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess() {
        expectFailure(await get(`/api/v1/books/${f.book.id}/analyses/${analysis.id}`, owner.token), 404, "not_found");
      },
    };
  },
  "GET /api/v1/books/{bookId}/analyses": async (owner) => {
    const f = await bookFixture(owner);
    const analysis = await runOn(owner.token, f.book.id, (await builtInTemplate(owner.token)).id);
    return {
      path: `/api/v1/books/${f.book.id}/analyses`,
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect((data as { id: string }[]).map((a) => a.id)).toEqual([analysis.id]);
      },
    };
  },
  "GET /api/v1/books/{bookId}/comparison": async (owner) => {
    const f = await bookFixture(owner);
    const other = await createBook(owner.token, { title: "Model Book" });
    await uploadChapter(owner.token, other.id, "One short chapter.", "Only");
    return {
      path: `/api/v1/books/${f.book.id}/comparison?otherBookId=${other.id}&series=chapter-words,dialogue-share`,
      snapshot: f.snapshot,
      async afterSuccess(data) {
        expect(data).toMatchObject({
          series: [{ key: "chapter-words" }, { key: "dialogue-share" }],
          left: { bookId: f.book.id, asOf: null, chapters: [{ id: f.chapter.id }, { id: f.other.id }] },
          right: { bookId: other.id, words: 3, values: { "chapter-words": [3], "dialogue-share": [0] } },
        });
      },
    };
  },
  "GET /api/v1/books/{bookId}/analyses/{analysisId}": async (owner) => {
    const f = await bookFixture(owner);
    const analysis = await runOn(owner.token, f.book.id, (await builtInTemplate(owner.token)).id);
    return {
      path: `/api/v1/books/${f.book.id}/analyses/${analysis.id}`,
      snapshot: () => analysesState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toEqual(analysis);
      },
    };
  },
};
