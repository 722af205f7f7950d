// Issue 33 item 12, "one convention": what an integrator meets when it takes the seed, the OpenAPI
// document and docs/api.md at their word — the seed's chapter upload with `bookId` in its body,
// /api/auth/* in the envelope, and "PUT what GET gave" through a strict validator.
import Ajv2020 from "@redocly/ajv/dist/2020";
import { beforeAll, describe, expect, it } from "vitest";
import { builtInTemplate, ownTemplate } from "../support/http-analysis";
import { createBook, uploadChapter } from "../support/http-books";
import { call, expectFailure, expectSuccess, get, post } from "../support/http-client";
import { signUp, type Account } from "../support/http-users";

let writer: Account;
beforeAll(async () => {
  writer = await signUp("convention");
});

describe("the seed's chapter upload sends bookId in the body", () => {
  it("takes it when it is the path's, JSON and multipart alike, and refuses another with 422 naming bookId", async () => {
    const book = await createBook(writer.token, { title: "Upload" });
    const other = await createBook(writer.token, { title: "Another" });
    const path = `/api/v1/books/${book.id}/chapters`;

    const json = expectSuccess(await post(path, writer.token, { bookId: book.id, content: "# One\n\nThe seed's upload." }), 201);
    expect(json).toMatchObject({ bookId: book.id, title: "One", version: 1 });
    const form = new FormData();
    form.set("bookId", book.id);
    form.set("content", "Two's text.");
    form.set("title", "Two");
    expect(expectSuccess(await call("POST", path, { token: writer.token, body: form }), 201)).toMatchObject({ bookId: book.id, title: "Two" });

    for (const body of [{ bookId: other.id, content: "Elsewhere." }, { bookId: "", content: "Nowhere." }]) {
      const details = expectFailure(await post(path, writer.token, body), 422, "validation_failed");
      expect(details).toEqual([expect.objectContaining({ path: "bookId", message: expect.any(String) })]);
    }
    const wrongForm = new FormData();
    wrongForm.set("bookId", other.id);
    wrongForm.set("content", "Elsewhere.");
    expect(expectFailure(await call("POST", path, { token: writer.token, body: wrongForm }), 422, "validation_failed")).toEqual([
      { path: "bookId", message: expect.any(String) },
    ]);
    // Neither book gained a chapter from the refused uploads.
    expect(expectSuccess(await get(path, writer.token), 200)).toHaveLength(2);
    expect(expectSuccess(await get(`/api/v1/books/${other.id}/chapters`, writer.token), 200)).toHaveLength(0);
  });

  it("is declared in the OpenAPI document: bookId optional in both media types", async () => {
    const doc = expectOk(await get("/api/openapi.json"));
    const ref = doc.paths["/api/v1/books/{bookId}/chapters"].post.requestBody.$ref as string;
    const body = doc.components.requestBodies[ref.split("/").pop()!];
    for (const type of ["application/json", "multipart/form-data"]) {
      const schema = resolve(doc, body.content[type].schema);
      expect(schema.properties.bookId, type).toMatchObject({ type: "string" });
      expect(schema.required ?? [], type).not.toContain("bookId");
      expect(schema.additionalProperties, type).toBe(false);
    }
  });
});

describe("/api/auth/*", () => {
  it("answers what is not next-auth's in the error envelope, and the token endpoints at the seed's /api prefix", async () => {
    expectFailure(await get("/api/auth/foo"), 404, "not_found");
    expectFailure(await post("/api/auth/foo", null, {}), 404, "not_found");
    expectFailure(await call("DELETE", "/api/auth/session"), 405, "method_not_allowed");
    expectFailure(await post("/api/auth/refresh", null, { refresh_token: "nonsense" }), 401, "invalid_token");
    expectFailure(await post("/api/auth/revoke", null), 401, "unauthenticated");
    const pair = expectSuccess(await post("/api/auth/login", null, { email: writer.email, password: writer.password, scopes: ["read:books"] }), 200);
    expect(pair).toMatchObject({ token_type: "Bearer", scope: "read:books" });
    expect(expectSuccess(await post("/api/auth/revoke", pair.access_token), 200)).toEqual({ revoked: true });
    // next-auth's own endpoints keep next-auth's format: they are the browser's sign-in.
    const csrf = await get("/api/auth/csrf");
    expect(csrf.status).toBe(200);
    expect(csrf.body).toEqual({ csrfToken: expect.any(String) });
    expect((await get("/api/auth/providers")).body).toHaveProperty("credentials");
  });
});

describe("PUT takes back what GET gave, by the OpenAPI document too", () => {
  it("validates a GET's data against the PUT body schema the document serves, for a book, a chapter and a template", async () => {
    const doc = expectOk(await get("/api/openapi.json"));
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(doc, "inkstone");
    const book = await createBook(writer.token, { title: "Strict", language: "en" });
    const chapter = await uploadChapter(writer.token, book.id, "A line of text.", "One");
    const template = await ownTemplate(writer.token);
    await builtInTemplate(writer.token);
    for (const [path, read] of [
      ["/api/v1/books/{bookId}", `/api/v1/books/${book.id}`],
      ["/api/v1/books/{bookId}/chapters/{chapterId}", `/api/v1/books/${book.id}/chapters/${chapter.id}`],
      ["/api/v1/analysis/{templateId}", `/api/v1/analysis/${template.id}`],
    ] as const) {
      const ref = (doc.paths[path].put.requestBody.$ref as string).replace("#/components/requestBodies/", "");
      const pointer = `inkstone#/components/requestBodies/${ref}/content/application~1json/schema`;
      const validate = ajv.compile({ $ref: pointer });
      const data = expectSuccess(await get(read, writer.token), 200);
      expect(validate(data), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      // The schema is strict all the same: an attribute the resource does not have fails it.
      expect(validate({ ...data, notAnAttribute: 1 }), path).toBe(false);
      // And the server takes it back as it came.
      expect((await call("PUT", read, { token: writer.token, json: data })).status, path).toBe(201);
    }
  });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the OpenAPI document is read as JSON
function expectOk(response: { status: number; body: any }): any {
  expect(response.status).toBe(200);
  return response.body;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema node of the document
function resolve(doc: any, node: any): any {
  if (!node?.$ref) return node;
  return resolve(doc, (node.$ref as string).replace("#/", "").split("/").reduce((at: any, key: string) => at[key.replace("~1", "/")], doc)); // eslint-disable-line @typescript-eslint/no-explicit-any
}
