// @module-tag postgres
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure, expectSuccess, get, post } from "../support/http-client";
import { createBook, saveChapter, uploadChapter } from "../support/http-books";
import { expectTrpcError, trpcMutation, trpcQuery } from "../support/http-trpc";
import { mintToken, signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("search");
});

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe("search over HTTP (issue 23 items 1, 2, 4)", () => {
  it("searches a book with its options, pages hits, and the library; read:books suffices", async () => {
    const book = await createBook(writer.token, { title: "Lanterns" });
    const first = await uploadChapter(writer.token, book.id, "我们的凯瑟琳走了。Lantern light.", "一");
    await uploadChapter(writer.token, book.id, "凯瑟琳说再见。ＬＡＮＴＥＲＮ!", "二");
    const reader = (await mintToken(writer.token, ["read:books"])).token;

    // A search pages as every collection does: page and per_page, data the page, X-Total-Count and Link.
    const path = `/api/v1/books/${book.id}/search`;
    const response = await get(`${path}?${q({ query: "凯瑟琳", wholeWord: "true", per_page: "1" })}`, reader);
    expect(expectSuccess(response, 200)).toEqual([{ chapterId: first.id, chapterTitle: "一", field: "content", start: 3, end: 6, before: "我们的", match: "凯瑟琳", after: "走了。" }]);
    expect(response.headers.get("x-total-count")).toBe("2");
    expect(response.headers.get("link")).toContain(`<${path}?query=%E5%87%AF%E7%91%9F%E7%90%B3&wholeWord=true&per_page=1&page=2>; rel="next"`);
    const second = expectSuccess(await get(`${path}?${q({ query: "凯瑟琳", wholeWord: "true", per_page: "1", page: "2" })}`, reader), 200);
    expect(second.map((h: { chapterTitle: string }) => h.chapterTitle)).toEqual(["二"]);
    const folded = expectSuccess(await get(`${path}?${q({ query: "lantern", widthInsensitive: "true" })}`, reader), 200);
    expect(folded.map((h: { match: string }) => h.match)).toEqual(["Lantern", "ＬＡＮＴＥＲＮ"]);
    // tRPC's search answers the page as one object, as its lists do, with the chapters' counts.
    const viaTrpc = await trpcQuery("search.book", { bookId: book.id, query: "凯瑟琳", wholeWord: true, perPage: 1 }, reader);
    expect(viaTrpc.body.result.data).toMatchObject({ total: 2, page: 1, perPage: 1, chapters: [{ hitCount: 1 }, { hitCount: 1 }] });

    const library = await get(`/api/v1/search?${q({ query: "lantern" })}`, reader);
    expect(expectSuccess(library, 200).map((i: { bookTitle: string }) => i.bookTitle)).toEqual(["Lanterns"]);
    expect(library.headers.get("x-total-count")).toBe("1");
    // perPage was the search's own spelling; like any parameter a collection does not know, it is a 400 now.
    for (const query of [{ query: "lantern", perPage: "1" }, { query: "lantern", per_page: "101" }] as Record<string, string>[]) {
      expectFailure(await get(`/api/v1/search?${q(query)}`, reader), 400, "invalid_query");
    }
    expectFailure(await get(`${path}?${q({ query: "lantern", per_page: "201" })}`, reader), 400, "invalid_query");
  });

  it("answers 422 for an empty query and for an invalid regular expression, with its position", async () => {
    const book = await createBook(writer.token);
    expectFailure(await get(`/api/v1/books/${book.id}/search?${q({ query: "" })}`, writer.token), 422, "validation_failed");
    expectFailure(await get(`/api/v1/search?${q({ query: "" })}`, writer.token), 422, "validation_failed");
    expectFailure(await get(`/api/v1/books/${book.id}/replace?${q({ query: "", replacement: "x" })}`, writer.token), 422, "validation_failed");
    const details = expectFailure(await get(`/api/v1/books/${book.id}/search?${q({ query: "a(b", regex: "true" })}`, writer.token), 422, "invalid_pattern");
    expect(details).toEqual({ position: 3, reason: expect.stringContaining("missing closing )") });
    const trpc = expectTrpcError(await trpcQuery("search.book", { bookId: book.id, query: "x[", regex: true }, writer.token), 422, "invalid_pattern");
    expect(trpc).toMatchObject({ position: 2 });
  });

  it("keeps a runaway pattern from stalling the server: nested quantifiers over a long chapter answer at once", async () => {
    const book = await createBook(writer.token);
    await uploadChapter(writer.token, book.id, `${"a".repeat(1_000_000)}!`, "Long");
    const result = await get(`/api/v1/books/${book.id}/search?${q({ query: "(a+)+$", regex: "true" })}`, writer.token);
    expect(expectSuccess(result, 200)).toEqual([]);
    expect(result.headers.get("x-total-count")).toBe("0");
    // Other requests are answered meanwhile and after.
    expectSuccess(await get(`/api/v1/books/${book.id}`, writer.token), 200);
  });
});

describe("简体 and 繁体 in search and replace over HTTP (issue 32 item 8, decision 0503)", () => {
  it("folds 简/繁 by default and tells them apart with matchChineseScript, over REST's query string and tRPC", async () => {
    const book = await createBook(writer.token, { title: "三国" });
    const one = await uploadChapter(writer.token, book.id, "劉備曰：吾乃刘备也。", "一");
    const path = `/api/v1/books/${book.id}/search`;
    const matches = (hits: { match: string }[]) => hits.map((h) => h.match);
    // 刘备 finds 劉備 and 劉備 finds 刘备, each hit the writer's own characters.
    expect(matches(expectSuccess(await get(`${path}?${q({ query: "刘备" })}`, writer.token), 200))).toEqual(["劉備", "刘备"]);
    expect(matches(expectSuccess(await get(`${path}?${q({ query: "劉備" })}`, writer.token), 200))).toEqual(["劉備", "刘备"]);
    const apart = expectSuccess(await get(`${path}?${q({ query: "劉備", matchChineseScript: "true" })}`, writer.token), 200);
    expect(apart).toEqual([expect.objectContaining({ chapterId: one.id, start: 0, end: 2, match: "劉備" })]);
    expect(matches(expectSuccess(await get(`${path}?${q({ query: "刘备", matchChineseScript: "false" })}`, writer.token), 200))).toEqual(["劉備", "刘备"]);
    // A value that is no boolean is a 400, as for every flag.
    expectFailure(await get(`${path}?${q({ query: "刘备", matchChineseScript: "yes please" })}`, writer.token), 400, "invalid_query");

    const folded = await trpcQuery("search.book", { bookId: book.id, query: "刘备" }, writer.token);
    expect(folded.body.result.data).toMatchObject({ total: 2 });
    const told = await trpcQuery("search.book", { bookId: book.id, query: "刘备", matchChineseScript: true }, writer.token);
    expect(told.body.result.data).toMatchObject({ total: 1, items: [{ start: 6, end: 8, match: "刘备" }] });
  });

  it("previews and applies a replace with the same folding: the hit as written is replaced, the replacement as typed", async () => {
    const book = await createBook(writer.token);
    const one = await uploadChapter(writer.token, book.id, "劉備曰：吾乃刘备也。", "一");
    const two = await uploadChapter(writer.token, book.id, "劉備與刘备。", "二");
    const replacements = (preview: { chapters: { hits: { match: string }[] }[] }) => preview.chapters.flatMap((c) => c.hits.map((h) => h.match));
    const folded = expectSuccess(await get(`/api/v1/books/${book.id}/replace?${q({ query: "刘备", replacement: "玄德" })}`, writer.token), 200);
    expect(replacements(folded)).toEqual(["劉備", "刘备", "劉備", "刘备"]);
    const apart = expectSuccess(await get(`/api/v1/books/${book.id}/replace?${q({ query: "刘备", replacement: "玄德", matchChineseScript: "true" })}`, writer.token), 200);
    expect(replacements(apart)).toEqual(["刘备", "刘备"]);
    const viaTrpc = await trpcQuery("search.previewReplace", { bookId: book.id, query: "劉備", replacement: "玄德", matchChineseScript: true }, writer.token);
    expect(replacements(viaTrpc.body.result.data)).toEqual(["劉備", "劉備"]);

    // REST, folded: both spellings in chapter one become the replacement as typed.
    const rest = expectSuccess(await post(`/api/v1/books/${book.id}/replace`, writer.token, { query: "刘备", replacement: "玄德", chapters: [{ chapterId: one.id, version: 1, skip: [] }] }), 201);
    expect(rest).toMatchObject({ replaced: 2 });
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${one.id}`, writer.token), 200).content).toBe("玄德曰：吾乃玄德也。");
    // tRPC, told apart: only the 繁体 spelling in chapter two.
    const applied = await trpcMutation("search.applyReplace", { bookId: book.id, query: "劉備", replacement: "玄德", matchChineseScript: true, chapters: [{ chapterId: two.id, version: 1, skip: [] }] }, writer.token);
    expect(applied.status, applied.text.slice(0, 300)).toBe(200);
    expect((applied.body as { result: { data: { replaced: number } } }).result.data.replaced).toBe(1);
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${two.id}`, writer.token), 200).content).toBe("玄德與刘备。");
  });
});

describe("replace and undo over HTTP (issue 23 items 3, 4)", () => {
  const rename = { query: "kathryn", replacement: "Katherine", preserveCase: true, wholeWord: true };

  it("previews (GET, read:books), applies one change set (POST, write:books), lists and undoes it", async () => {
    const book = await createBook(writer.token);
    const one = await uploadChapter(writer.token, book.id, "Kathryn ran. KATHRYN!", "One");
    const reader = (await mintToken(writer.token, ["read:books"])).token;
    const preview = expectSuccess(await get(`/api/v1/books/${book.id}/replace?${q({ query: "kathryn", replacement: "Katherine", preserveCase: "true", wholeWord: "true" })}`, reader), 200);
    expect(preview.chapters[0].hits.map((h: { replacement: string }) => h.replacement)).toEqual(["Katherine", "KATHERINE"]);
    const dry = expectSuccess(await post(`/api/v1/books/${book.id}/replace`, writer.token, { ...rename, dryRun: true }), 200);
    expect(dry).toEqual(preview);

    const chapters = [{ chapterId: one.id, version: 1, skip: [] }];
    expectFailure(await post(`/api/v1/books/${book.id}/replace`, reader, { ...rename, chapters }), 403, "insufficient_scope");
    const applied = expectSuccess(await post(`/api/v1/books/${book.id}/replace`, writer.token, { ...rename, chapters }), 201);
    expect(applied).toMatchObject({ replaced: 2, chapters: [{ chapterId: one.id, version: 2, replaced: 2 }] });
    const revisions = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${one.id}/revisions`, writer.token), 200);
    expect(revisions[0]).toMatchObject({ version: 2, kind: "replace", changeSetId: applied.changeSetId });

    const listed = expectSuccess(await get(`/api/v1/books/${book.id}/change-sets`, reader), 200);
    expect(listed.items).toEqual([expect.objectContaining({ changeSetId: applied.changeSetId, replaced: 2, chapterCount: 1, undoneAt: null })]);
    const undone = expectSuccess(await post(`/api/v1/books/${book.id}/change-sets/${applied.changeSetId}/undo`, writer.token), 201);
    expect(undone).toEqual({ changeSetId: applied.changeSetId, chapters: [{ chapterId: one.id, version: 3 }] });
    const chapter = expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${one.id}`, writer.token), 200);
    expect(chapter.content).toBe("Kathryn ran. KATHRYN!");
    expectFailure(await post(`/api/v1/books/${book.id}/change-sets/${applied.changeSetId}/undo`, writer.token), 409, "change_set_undone");
  });

  it("refuses the whole change with 409 naming a chapter edited after the preview, and an undo after an edit", async () => {
    const book = await createBook(writer.token);
    const one = await uploadChapter(writer.token, book.id, "Kathryn one.", "One");
    const two = await uploadChapter(writer.token, book.id, "Kathryn two.", "Two");
    const chapters = [{ chapterId: one.id, version: 1, skip: [] }, { chapterId: two.id, version: 1, skip: [] }];
    await saveChapter(writer.token, book.id, two.id, 1, { title: "Two", content: "Kathryn two, edited." });
    const details = expectFailure(await post(`/api/v1/books/${book.id}/replace`, writer.token, { ...rename, chapters }), 409, "version_conflict");
    expect(details).toEqual({ chapters: [{ chapterId: two.id, title: "Two", expectedVersion: 1, currentVersion: 2 }] });
    expect(expectSuccess(await get(`/api/v1/books/${book.id}/chapters/${one.id}`, writer.token), 200)).toMatchObject({ version: 1, content: "Kathryn one." });

    const response = await trpcMutation("search.applyReplace", { bookId: book.id, ...rename, chapters: [{ chapterId: one.id, version: 1, skip: [] }, { chapterId: two.id, version: 2, skip: [] }] }, writer.token);
    expect(response.status, response.text.slice(0, 300)).toBe(200);
    const applied = response.body as { result: { data: { changeSetId: string; replaced: number } } };
    expect(applied.result.data.replaced).toBe(2);
    await saveChapter(writer.token, book.id, one.id, 2, { title: "One", content: "Katherine one, edited." });
    const refused = expectTrpcError(await trpcMutation("search.undoChangeSet", { bookId: book.id, changeSetId: applied.result.data.changeSetId }, writer.token), 409, "version_conflict");
    expect(refused).toMatchObject({ chapters: [{ chapterId: one.id, title: "One", expectedVersion: 2, currentVersion: 3 }] });
    expectFailure(await post(`/api/v1/books/${book.id}/replace`, writer.token, { ...rename, chapters: [{ chapterId: two.id, version: 3, skip: [] }] }), 422, "nothing_to_replace");
  });
});
