// @module-tag postgres
// Issue 19 item 14 over HTTP: a book's cover through REST (multipart or the image as the body),
// tRPC's removal, and the EPUB export that carries it.
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { COVER_JPEG, coverForm, createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, waitForJob } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

let ann: Account;
beforeAll(async () => {
  ann = await signUp("cover-ann");
});

function imageForm(bytes: Uint8Array<ArrayBuffer>, type: string): FormData {
  const form = new FormData();
  form.set("file", new Blob([bytes], { type }), "cover");
  return form;
}

async function bookWithChapter() {
  const book = await createBook(ann.token, { title: "The Long Tide" });
  await uploadChapter(ann.token, book.id, "It began at the harbour.", "Harbour");
  return expectSuccess(await get(`/api/v1/books/${book.id}`, ann.token), 200) as { id: string; updatedAt: string };
}

describe("a book's cover over REST and tRPC", () => {
  it("takes a multipart file, whatever type it claims, answers the book, and serves the bytes as themselves", async () => {
    const book = await bookWithChapter();
    const path = `/api/v1/books/${book.id}/cover`;
    const saved = expectSuccess(await call("PUT", path, { token: ann.token, body: coverForm() }), 201);
    expect(saved.cover).toEqual({
      mediaType: "image/jpeg",
      size: COVER_JPEG.byteLength,
      updatedAt: saved.updatedAt,
      url: path,
      width: 320,
      height: 512,
      warnings: [expect.objectContaining({ code: "cover_too_small" })],
    });
    // What the part claims does not matter: its bytes say JPEG.
    const again = expectSuccess(await call("PUT", path, { token: ann.token, body: coverForm("application/octet-stream") }), 201);
    expect(again.cover).toMatchObject({ mediaType: "image/jpeg", size: COVER_JPEG.byteLength });

    // As the page asks for it: `v` is the cover's time, so a new cover has a new address.
    const image = await get(`${path}?v=${encodeURIComponent(again.cover.updatedAt)}`, ann.token);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("content-disposition")).toContain("The Long Tide cover.jpg");
    expect(Buffer.from(image.bytes).equals(Buffer.from(COVER_JPEG))).toBe(true);
    expect((await get(`/api/v1/books/${book.id}`, ann.token)).body.data.cover).toEqual(again.cover);
  });

  it("refuses an image it does not take (415), one too large (413), and a book in the trash (404), changing nothing", async () => {
    const book = await bookWithChapter();
    const path = `/api/v1/books/${book.id}/cover`;
    const webp = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
    expect(expectFailure(await call("PUT", path, { token: ann.token, body: imageForm(webp, "image/webp") }), 415, "unsupported_media_type")).toEqual({
      accepted: ["image/jpeg", "image/png", "image/gif"],
    });
    const tooLarge = new Uint8Array(5 * 1024 * 1024 + 1);
    tooLarge.set(COVER_JPEG.subarray(0, 16));
    expect((await call("PUT", path, { token: ann.token, body: imageForm(tooLarge, "image/jpeg") })).status).toBe(413);
    expectFailure(await get(path, ann.token), 404, "not_found");
    expect((await get(`/api/v1/books/${book.id}`, ann.token)).body.data).toMatchObject({ cover: null, updatedAt: book.updatedAt });

    expectSuccess(await call("DELETE", `/api/v1/books/${book.id}`, { token: ann.token }), 204);
    expectFailure(await call("PUT", path, { token: ann.token, body: coverForm() }), 404, "book_in_trash");
  });

  it("is removed by REST's DELETE (204, also with none) and by tRPC's books.deleteCover, which answers the book", async () => {
    const book = await bookWithChapter();
    const path = `/api/v1/books/${book.id}/cover`;
    expectSuccess(await call("PUT", path, { token: ann.token, body: coverForm() }), 201);
    expect((await call("DELETE", path, { token: ann.token })).status).toBe(204);
    expect((await call("DELETE", path, { token: ann.token })).status).toBe(204);
    expectSuccess(await call("PUT", path, { token: ann.token, body: coverForm() }), 201);
    const rpc = await trpcMutation("books.deleteCover", { bookId: book.id }, ann.token);
    expect(rpc.status).toBe(200);
    expect(rpc.body.result.data).toMatchObject({ id: book.id, cover: null });
    expectTrpcError(await trpcMutation("books.deleteCover", { bookId: book.id, extra: 1 }, ann.token), 422, "validation_failed");
  });
});

describe("the EPUB export carries the cover", () => {
  it("inline and queued, leaves it out with cover=0, and refuses cover=1 without one (422) and cover with PDF (406)", async () => {
    const book = await bookWithChapter();
    const exportPath = (query: string) => `/api/v1/books/${book.id}/export?${query}`;
    expectFailure(await get(exportPath("format=epub&cover=1"), ann.token), 422, "validation_failed");
    expectSuccess(await call("PUT", `/api/v1/books/${book.id}/cover`, { token: ann.token, body: coverForm() }), 201);

    const inline = await get(exportPath("format=epub"), ann.token);
    expect(inline.status, inline.text.slice(0, 300)).toBe(200);
    expect(Buffer.from(unzipSync(inline.bytes)["OEBPS/cover.jpg"]!).equals(Buffer.from(COVER_JPEG))).toBe(true);

    const queued = await get(exportPath("format=epub&async=1"), ann.token);
    expect(queued.status).toBe(202);
    expect(await waitForJob(ann.token, queued.body.data.id)).toMatchObject({ status: "succeeded" });
    const file = await get(`/api/v1/jobs/${queued.body.data.id}/file`, ann.token);
    expect(unzipSync(file.bytes)["OEBPS/cover.jpg"]?.byteLength).toBe(COVER_JPEG.byteLength);

    const without = await get(exportPath("format=epub&cover=0"), ann.token);
    expect(Object.keys(unzipSync(without.bytes)).filter((name) => name.includes("cover"))).toEqual([]);
    expectFailure(await get(exportPath("format=pdf&cover=1"), ann.token), 406, "not_acceptable");
    expectFailure(await get(exportPath("format=epub&cover=yes"), ann.token), 400, "invalid_query");

    const rpc = await trpcMutation("convert.export", { bookId: book.id, format: "epub", cover: false }, ann.token);
    expect(Object.keys(unzipSync(Buffer.from(rpc.body.result.data.file.base64, "base64"))).filter((name) => name.includes("cover"))).toEqual([]);
  });
});
