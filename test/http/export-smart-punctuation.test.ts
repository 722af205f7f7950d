import { beforeAll, describe, expect, it } from "vitest";
import { createBook, uploadChapter } from "../support/http-books";
import { expectSuccess, get, waitForJob } from "../support/http-client";
import { signUp, type Account } from "../support/http-users";

// Issue 17 item 2: typographer's punctuation is an option at export, made on the server as the
// writers read the book, and it leaves code, notes and Chinese punctuation alone.

let writer: Account;
let bookId: string;
const text = ['"Well..." she said -- it\'s late---too late.', "Use `\"code\" -- here`.", "他说\"你好\"——然后走了……"].join("\n");

beforeAll(async () => {
  writer = await signUp("smart-export");
  bookId = (await createBook(writer.token, { title: "The Keeper's Light" })).id;
  await uploadChapter(writer.token, bookId, text, "\"Night\"");
});

describe("GET /api/v1/books/{bookId}/export?smartPunctuation=1", () => {
  it("curls quotes and makes dashes and ellipses in the prose and the titles, and nothing else", async () => {
    const smart = await get(`/api/v1/books/${bookId}/export?format=md&smartPunctuation=1`, writer.token);
    expect(smart.status, smart.text.slice(0, 300)).toBe(200);
    expect(smart.text).toContain("“Well…” she said – it’s late—too late.");
    expect(smart.text).toContain("“Night”");
    expect(smart.text).toContain("The Keeper’s Light");
    expect(smart.text).toContain('Use `"code" -- here`.');
    expect(smart.text).toContain("他说“你好”——然后走了……");
  });

  it("leaves the text as written without the option", async () => {
    const plain = await get(`/api/v1/books/${bookId}/export?format=md`, writer.token);
    expect(plain.status).toBe(200);
    expect(plain.text).toContain("\"Well...\" she said -- it's late---too late.");
  });

  it("holds for a queued export too", async () => {
    const job = expectSuccess(await get(`/api/v1/books/${bookId}/export?format=txt&smartPunctuation=1&async=1`, writer.token), 202);
    expect(await waitForJob(writer.token, job.id)).toMatchObject({ status: "succeeded" });
    const file = await get(`/api/v1/convert/jobs/${job.id}/result`, writer.token);
    expect(file.text).toContain("“Well…” she said – it’s late—too late.");
  });

  it("is declared in the OpenAPI document", async () => {
    const response = await get("/api/v1/openapi.json");
    expect(response.status).toBe(200);
    const spec = response.body;
    const parameters = (spec.paths["/api/v1/books/{bookId}/export"].get.parameters as { name: string; in: string; schema: { enum?: string[] } }[]).filter((p) => p.in === "query");
    expect(parameters.find((p) => p.name === "smartPunctuation")?.schema.enum).toEqual(["0", "1", "true", "false"]);
  });
});
