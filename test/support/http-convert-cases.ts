import { expect } from "vitest";
import { bookCount, bookState, bookWithChapters } from "./http-books";
import { call, expectSuccess, get, type ApiResponse } from "./http-client";
import type { Prepare } from "./case-types";
import type { Account } from "./http-users";

export const MANUSCRIPT = "# One\n\nThe first chapter.\n\n# Two\n\nThe second chapter.\n";

/** A multipart body with a Markdown manuscript in its `file` part, plus text fields. */
export function manuscriptForm(fields: Record<string, string> = {}, text = MANUSCRIPT, name = "manuscript.md"): FormData {
  const form = new FormData();
  form.set("file", new Blob([text], { type: "text/markdown" }), name);
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return form;
}

/** A finished conversion job of the owner's, to read and to download. */
export async function finishedJob(owner: Account): Promise<string> {
  const queued = expectSuccess(await call("POST", "/api/v1/convert?async=1", { token: owner.token, body: manuscriptForm({ to: "html" }) }), 202);
  for (let i = 0; i < 200; i += 1) {
    const job = expectSuccess(await get(`/api/v1/convert/jobs/${queued.id}`, owner.token), 200);
    if (job.status === "succeeded") return queued.id;
    if (job.status === "failed") throw new Error(`the conversion job failed: ${JSON.stringify(job.error)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the conversion job did not finish in 20 s");
}

const nothing = async () => null;

/** The credential matrix's fixtures for the conversion endpoints (see http-endpoint-cases.ts). */
export const CONVERT_CASES: Record<string, Prepare> = {
  "GET /api/v1/convert/formats": async () => ({
    path: "/api/v1/convert/formats",
    snapshot: nothing,
    async afterSuccess(data) {
      expect((data as { id: string }[]).map((f) => f.id)).toEqual(expect.arrayContaining(["md", "docx", "epub"]));
    },
  }),
  "POST /api/v1/convert": async () => ({
    path: "/api/v1/convert",
    form: () => manuscriptForm({ to: "html" }),
    snapshot: nothing,
    async afterSuccess(response) {
      expect((response as ApiResponse).headers.get("content-type")).toMatch(/^text\/html/);
      expect((response as ApiResponse).text).toContain("The second chapter.");
    },
  }),
  "GET /api/v1/convert/jobs/{jobId}": async (owner) => {
    const jobId = await finishedJob(owner);
    return {
      path: `/api/v1/convert/jobs/${jobId}`,
      snapshot: nothing,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: jobId, status: "succeeded" });
      },
    };
  },
  "GET /api/v1/convert/jobs/{jobId}/result": async (owner) => {
    const jobId = await finishedJob(owner);
    return {
      path: `/api/v1/convert/jobs/${jobId}/result`,
      snapshot: nothing,
      async afterSuccess(response) {
        expect((response as ApiResponse).text).toContain("The first chapter.");
      },
    };
  },
  // The jobs module's own paths, on the same conversion job.
  "GET /api/v1/jobs": async (owner) => {
    const jobId = await finishedJob(owner);
    return {
      path: "/api/v1/jobs?status=succeeded",
      snapshot: nothing,
      async afterSuccess(data) {
        expect((data as { id: string }[]).map((job) => job.id)).toContain(jobId);
      },
    };
  },
  "GET /api/v1/jobs/{jobId}": async (owner) => {
    const jobId = await finishedJob(owner);
    return {
      path: `/api/v1/jobs/${jobId}`,
      snapshot: nothing,
      async afterSuccess(data) {
        expect(data).toMatchObject({ id: jobId, status: "succeeded", links: { self: `/api/v1/jobs/${jobId}` } });
      },
    };
  },
  "GET /api/v1/jobs/{jobId}/file": async (owner) => {
    const jobId = await finishedJob(owner);
    return {
      path: `/api/v1/jobs/${jobId}/file`,
      snapshot: nothing,
      async afterSuccess(response) {
        expect((response as ApiResponse).text).toContain("The first chapter.");
      },
    };
  },
  "GET /api/v1/books/{bookId}/export": async (owner) => {
    const f = await bookWithChapters(owner.token);
    return {
      path: `/api/v1/books/${f.book.id}/export?format=md`,
      snapshot: () => bookState(owner.token, f.book.id),
      async afterSuccess(response) {
        const text = (response as ApiResponse).text;
        expect(text.indexOf("It was a bright cold day.")).toBeLessThan(text.indexOf("The rain fell."));
      },
    };
  },
  "GET /api/v1/books/{bookId}/cover-template": async (owner) => {
    const f = await bookWithChapters(owner.token);
    return {
      path: `/api/v1/books/${f.book.id}/cover-template?pageCount=120&paper=white`,
      snapshot: () => bookState(owner.token, f.book.id),
      async afterSuccess(response) {
        const reply = response as ApiResponse;
        expect(reply.headers.get("content-type")).toBe("application/pdf");
        expect(new TextDecoder("latin1").decode(reply.bytes.subarray(0, 5))).toBe("%PDF-");
      },
    };
  },
  "GET /api/v1/books/{bookId}/print-preview": async (owner) => {
    const f = await bookWithChapters(owner.token);
    return {
      path: `/api/v1/books/${f.book.id}/print-preview?pages=1&theme=modern`,
      snapshot: () => bookState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ theme: "modern", trimSize: "6x9", pages: [{ number: 1, mediaType: "image/png" }] });
      },
    };
  },
  "POST /api/v1/books/import": async (owner) => ({
    path: "/api/v1/books/import",
    form: () => manuscriptForm({ title: "Imported by the matrix" }),
    snapshot: () => bookCount(owner.token),
    async afterSuccess(data) {
      expect(data).toMatchObject({ book: { title: "Imported by the matrix", chapterCount: 2, ownerId: owner.id }, chapterCount: 2 });
    },
  }),
  "POST /api/v1/books/import/preview": async (owner) => {
    const books = await bookCount(owner.token);
    return {
      path: "/api/v1/books/import/preview",
      form: () => manuscriptForm({ title: "Previewed by the matrix" }),
      snapshot: () => bookCount(owner.token),
      async afterSuccess(data) {
        expect(data).toMatchObject({ title: "Previewed by the matrix", chapterCount: 2, chapters: [{ title: "One" }, { title: "Two" }] });
        // A dry run: no book was made.
        expect(await bookCount(owner.token)).toEqual(books);
      },
    };
  },
  "POST /api/v1/books/{bookId}/import": async (owner) => {
    const f = await bookWithChapters(owner.token);
    return {
      path: `/api/v1/books/${f.book.id}/import`,
      form: () => manuscriptForm(),
      snapshot: () => bookState(owner.token, f.book.id),
      async afterSuccess(data) {
        expect(data).toMatchObject({ chapterCount: 2, chapters: [{ title: "One", position: 3 }, { title: "Two", position: 4 }] });
      },
    };
  },
};
