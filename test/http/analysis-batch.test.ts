// Issue 20 items 9 and §4 over REST: several templates in one request, reuse, delete, Chinese search.
import { beforeAll, describe, expect, it } from "vitest";
import { analysesState, builtInTemplate, install, runOn } from "../support/http-analysis";
import { bookWithChapters, saveChapter } from "../support/http-books";
import { del, expectFailure, expectSuccess, get, post, waitForJob } from "../support/http-client";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
let stranger: Account;
let book: { id: string };
let chapter: { id: string; version: number };
const templates: Record<string, string> = {};

const batchPath = (bookId: string) => `/api/v1/books/${bookId}/analyses/batch`;

/** A batch run's analyses once finished: answered at once (201), or through its job (202). */
async function runBatch(token: string, bookId: string, body: unknown) {
  const response = await post(batchPath(bookId), token, body);
  if (response.status === 202) {
    const job = await waitForJob(token, response.body.data.id);
    expect(job.status).toBe("succeeded");
    return { status: 202, ids: job.result.analysisIds as string[], reused: null };
  }
  const data = expectSuccess(response, 201);
  return { status: 201, ids: (data.analyses as { id: string }[]).map((a) => a.id), reused: data.reused as string[] };
}

beforeAll(async () => {
  [writer, stranger] = await Promise.all([signUp("analysis-batch"), signUp("analysis-batch-stranger")]);
  const made = await bookWithChapters(writer.token);
  book = made.book;
  chapter = made.chapter;
  for (const [key, q] of Object.entries({ threeAct: "三幕", pacing: "节奏", dialogue: "对话", heros: "heros journey" })) {
    templates[key] = (await builtInTemplate(writer.token, q)).id;
  }
  for (const id of Object.values(templates)) await install(writer.token, id);
});

describe("the library answers Chinese and loose queries over REST", () => {
  it("三幕, 节奏, 对话 and heros journey find the built-ins that do it", async () => {
    const nameOf = async (id: string) => (expectSuccess(await get(`/api/v1/analysis/${id}`, writer.token), 200) as { name: string }).name;
    expect(await nameOf(templates.threeAct!)).toBe("Three-Act Structure");
    // 节奏 and 对话 each find a pacing and a dialogue template first: the older one or a new report (issue 20 §2).
    expect(await nameOf(templates.pacing!)).toMatch(/^Pacing (and rhythm|inside chapters)/);
    expect(await nameOf(templates.dialogue!)).toMatch(/^(Dialogue balance|Speakers and dialogue tags|Pacing inside chapters)/);
    expect(await nameOf(templates.heros!)).toBe("Hero's Journey");
    const dissect = expectSuccess(await get(`/api/v1/analysis/search?q=${encodeURIComponent("拆书")}&per_page=100`, writer.token), 200) as { category: string }[];
    expect(dissect.filter((t) => t.category === "structure").length).toBeGreaterThanOrEqual(5);
  });
});

describe("several templates in one request (POST /api/v1/books/{bookId}/analyses/batch)", () => {
  it("runs a list of templates on one reading of the book and keeps one result each; the same request again reuses them all", async () => {
    const first = await runBatch(writer.token, book.id, { templates: [templates.threeAct, templates.dialogue] });
    expect(first.ids).toHaveLength(2);
    for (const [index, id] of first.ids.entries()) {
      const analysis = expectSuccess(await get(`/api/v1/books/${book.id}/analyses/${id}`, writer.token), 200);
      expect(analysis).toMatchObject({ templateId: [templates.threeAct, templates.dialogue][index], status: "succeeded", report: { empty: false } });
    }
    const again = await runBatch(writer.token, book.id, { templates: [templates.threeAct, templates.dialogue] });
    expect(again).toEqual({ status: 201, ids: first.ids, reused: first.ids });
  });

  it('runs every installed template with "installed", and computes again only once the book changed', async () => {
    const all = await runBatch(writer.token, book.id, { templates: "installed" });
    expect(all.ids).toHaveLength(4);
    const before = (await analysesState(writer.token, book.id)).analyses;
    await saveChapter(writer.token, book.id, chapter.id, chapter.version, { content: "Changed text, changed book." });
    const after = await runBatch(writer.token, book.id, { templates: "installed" });
    expect(after.reused ?? []).toEqual([]);
    expect(after.ids.filter((id) => all.ids.includes(id))).toEqual([]);
    // The older results stay (the book differs between them): four more, not replaced.
    expect((await analysesState(writer.token, book.id)).analyses).toHaveLength(before.length + 4);
  });

  it("refuses bad input with the right status and keeps nothing", async () => {
    const state = await analysesState(writer.token, book.id);
    expectFailure(await post(batchPath(book.id), writer.token, { templates: [] }), 422, "validation_failed");
    expectFailure(await post(batchPath(book.id), writer.token, { templates: "everything" }), 422, "validation_failed");
    expectFailure(await post(batchPath(book.id), writer.token, { templateId: templates.pacing }), 422, "validation_failed");
    expectFailure(await post(batchPath(book.id), writer.token, { templates: [templates.pacing, "no-such-template"] }), 404, "not_found");
    const echoes = await builtInTemplate(writer.token, "word echoes");
    expectFailure(await post(batchPath(book.id), writer.token, { templates: [templates.pacing, echoes.id] }), 409, "template_not_installed");
    expectFailure(await post(batchPath(book.id), stranger.token, { templates: "installed" }), 403, "forbidden");
    expectFailure(await post(batchPath("no-such-book"), writer.token, { templates: "installed" }), 404, "not_found");
    expect(await analysesState(writer.token, book.id)).toEqual(state);
  });
});

describe("deleting a kept result (DELETE /api/v1/books/{bookId}/analyses/{analysisId})", () => {
  it("answers 204 and forgets it; a second delete is 404, another writer 403", async () => {
    const { book: other } = await bookWithChapters(writer.token);
    const analysis = await runOn(writer.token, other.id, templates.pacing!);
    expectFailure(await del(`/api/v1/books/${other.id}/analyses/${analysis.id}`, stranger.token), 403, "forbidden");
    expectFailure(await del(`/api/v1/books/${book.id}/analyses/${analysis.id}`, writer.token), 404, "not_found");
    const gone = await del(`/api/v1/books/${other.id}/analyses/${analysis.id}`, writer.token);
    expect(gone.status).toBe(204);
    expect(gone.text).toBe("");
    expectFailure(await get(`/api/v1/books/${other.id}/analyses/${analysis.id}`, writer.token), 404, "not_found");
    expectFailure(await del(`/api/v1/books/${other.id}/analyses/${analysis.id}`, writer.token), 404, "not_found");
    expect((await analysesState(writer.token, other.id)).analyses).toEqual([]);
  });
});
