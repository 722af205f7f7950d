import { describe, expect, it } from "vitest";
import { OPERATION_SCOPES } from "@/server/auth/scopes";
import { ERRORS } from "@/server/errors";
import { bodyMediaTypes } from "@/server/http/endpoint";
import { ENDPOINTS } from "@/server/http/endpoints";
import { openApiDocument } from "@/server/http/openapi";
import { WRITABLE_MEDIA_TYPES } from "@/server/convert/engine/formats";
import type { oas31 } from "zod-openapi";

const doc = openApiDocument();
type Op = oas31.OperationObject & { "x-required-scope"?: string | null };

function operationOf(method: string, path: string): Op {
  const op = doc.paths?.[path]?.[method.toLowerCase() as "get"];
  if (!op) throw new Error(`${method} ${path} is missing from the document`);
  return op as Op;
}

/** An operation's request body, through its $ref into components.requestBodies. */
function requestBodyOf(op: Op): oas31.RequestBodyObject | undefined {
  const body = op.requestBody as (oas31.RequestBodyObject & { $ref?: string }) | undefined;
  if (!body?.$ref) return body;
  return doc.components?.requestBodies?.[body.$ref.replace("#/components/requestBodies/", "")] as oas31.RequestBodyObject;
}

function responses(op: Op): Record<string, oas31.ResponseObject> {
  return op.responses as Record<string, oas31.ResponseObject>;
}

describe("the OpenAPI document", () => {
  it("is an OpenAPI 3.1 document with its components and security schemes", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBeTruthy();
    expect(Object.keys(doc.components?.schemas ?? {})).toEqual(expect.arrayContaining(["Failure", "Book", "Chapter"]));
    expect(doc.components?.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
      sessionCookie: { type: "apiKey", in: "cookie" },
    });
    expect(doc.tags?.map((t) => t.name)).toContain("tRPC");
  });

  it("is built once", () => {
    expect(openApiDocument()).toBe(doc);
  });

  it("resolves every $ref", () => {
    const refs: string[] = [];
    JSON.stringify(doc, (key, value: unknown) => {
      if (key === "$ref" && typeof value === "string") refs.push(value);
      return value;
    });
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const target = ref.replace(/^#\//, "").split("/").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it("gives every operation a unique operationId", () => {
    const ids = Object.values(doc.paths ?? {}).flatMap((item) =>
      (["get", "head", "post", "put", "patch", "delete", "options"] as const).flatMap((m) => item[m]?.operationId ?? []),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))("%s", (_, endpoint) => {
    const op = operationOf(endpoint.method, endpoint.path);
    const scope = endpoint.operation ? OPERATION_SCOPES[endpoint.operation] : null;
    const statuses = Object.keys(responses(op)).map(Number);

    it("names its required scope", () => {
      expect(op["x-required-scope"]).toBe(scope);
      if (scope) expect(op.description).toContain(scope);
      // An http scheme lists no scopes (Spectral's oas3-operation-security-defined): x-required-scope says it.
      if (endpoint.auth === "required") expect(op.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
      if (endpoint.auth === "none") expect(op.security).toEqual([]);
    });

    it("documents its success in the envelope", () => {
      const success = responses(op)[endpoint.success.status];
      expect(success).toBeDefined();
      if (endpoint.success.status === 204) return expect(success!.content).toBeUndefined();
      if (endpoint.success.file) {
        // A download: the file itself, named by Content-Disposition; 202 with a job when queued.
        expect(Object.keys(success!.headers ?? {})).toContain("content-disposition");
        if (endpoint.success.accepted) expect(responses(op)[202]?.content?.["application/json"]).toBeDefined();
        // Declared as sent: each written format's own media type, never application/octet-stream.
        return expect(Object.keys(success!.content ?? {}).sort()).toEqual([...(endpoint.success.mediaTypes ?? WRITABLE_MEDIA_TYPES)].sort());
      }
      const schema = success!.content?.["application/json"]?.schema as oas31.SchemaObject;
      expect(schema.required).toEqual(["code", "msg", "data"]);
      if (endpoint.success.paged) expect(Object.keys(success!.headers ?? {})).toEqual(expect.arrayContaining(["x-total-count", "link"]));
    });

    it("documents the failures it can answer", () => {
      const expected = [400, 405, 406, 500];
      if (endpoint.auth === "required") expected.push(401);
      if (scope) expected.push(403);
      if (endpoint.params) expected.push(404);
      if (endpoint.path.includes("{bookId}")) expected.push(403, 404, 410);
      if (endpoint.body) expected.push(413, 415, 422);
      for (const code of endpoint.errors ?? []) expected.push(ERRORS[code].status);
      expect(statuses).toEqual(expect.arrayContaining(expected));
      const named = Object.values(responses(op)).flatMap((r) => (r as { "x-errors"?: string[] })["x-errors"] ?? []);
      expect(named).toEqual(expect.arrayContaining(endpoint.errors ?? []));
      for (const status of statuses.filter((s) => s >= 400)) {
        expect(responses(op)[status]!.content?.["application/json"]?.schema).toEqual({ $ref: "#/components/schemas/Failure" });
      }
    });

    it("documents its parameters and body", () => {
      const params = (op.parameters ?? []) as oas31.ParameterObject[];
      const pathNames = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(params.filter((p) => p.in === "path").map((p) => p.name)).toEqual(pathNames);
      const query = params.filter((p) => p.in === "query").map((p) => p.name);
      if (endpoint.collection) {
        expect(query).toEqual(expect.arrayContaining(["page", "per_page", "sortby", "order", ...Object.keys(endpoint.collection.filters)]));
        const sortby = params.find((p) => p.name === "sortby")!.schema as oas31.SchemaObject;
        expect(sortby.enum).toEqual([...endpoint.collection.sortable]);
      }
      const body = requestBodyOf(op);
      expect(Boolean(body)).toBe(Boolean(endpoint.body));
      // As the body reader takes it (issue 33 item 7): an upload whose file JSON cannot carry is multipart alone.
      if (body) expect(Object.keys(body.content)).toEqual(bodyMediaTypes(endpoint.body!));
    });
  });
});

type Schema = oas31.SchemaObject & { $ref?: string };
const METHODS = ["get", "head", "post", "put", "patch", "delete", "options"] as const;
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  METHODS.flatMap((method) => (item[method] ? [{ path, method, op: item[method] as Op }] : [])),
);
const resolve = (schema: Schema): Schema =>
  schema.$ref ? resolve(doc.components!.schemas![schema.$ref.replace("#/components/schemas/", "")] as Schema) : schema;

describe("the OpenAPI document, as generators and linters read it (issue 17, item 12)", () => {
  it("declares the media types a download is really sent in, and still the JSON envelope for its failures", () => {
    for (const path of ["/api/v1/convert", "/api/v1/books/{bookId}/export", "/api/v1/jobs/{jobId}/file", "/api/v1/convert/jobs/{jobId}/result"]) {
      const op = operationOf(path === "/api/v1/convert" ? "POST" : "GET", path);
      const types = Object.keys(responses(op)["200"]!.content ?? {});
      expect(types, path).toEqual(expect.arrayContaining(["application/epub+zip", "application/pdf", "text/markdown", WRITABLE_MEDIA_TYPES[0]]));
      expect(types, path).not.toContain("application/octet-stream");
      expect(Object.keys(responses(op)["422"]?.content ?? responses(op)["404"]!.content!), path).toEqual(["application/json"]);
    }
  });

  it("lets the OPTIONS answer carry `required`, and declares the refusals GET would give", () => {
    const op = operationOf("OPTIONS", "/api/v1/books/{bookId}");
    const answer = resolve(responses(op)["200"]!.content!["application/json"]!.schema as Schema);
    const data = resolve(answer.properties!.data as Schema);
    expect(Object.keys(data.properties ?? {})).toEqual(["methods", "attributes", "required"]);
    expect(data.required).toEqual(["methods", "attributes"]);
    expect(responses(op)["403"]?.["x-errors" as never]).toContain("forbidden");
    expect(responses(op)["404"]?.["x-errors" as never]).toEqual(expect.arrayContaining(["not_found", "book_in_trash"]));
    expect(responses(op)["410"]).toBeDefined();
  });

  it("declares the failures that used to be left out", () => {
    const errorsOf = (method: string, path: string, status: number) =>
      ((responses(operationOf(method, path))[status] as { "x-errors"?: string[] } | undefined)?.["x-errors"] ?? []);
    expect(errorsOf("POST", "/api/v1/analysis/install", 404)).toContain("not_found");
    for (const path of ["/api/v1/jobs/{jobId}", "/api/v1/jobs/{jobId}/file", "/api/v1/convert/jobs/{jobId}", "/api/v1/convert/jobs/{jobId}/result"]) {
      expect(errorsOf("GET", path, 403), path).toContain("forbidden");
    }
    const readsUnderABook = ENDPOINTS.filter((e) => e.method === "GET" && e.path.includes("{bookId}"));
    expect(readsUnderABook.length).toBeGreaterThanOrEqual(6);
    for (const e of readsUnderABook) expect(errorsOf("GET", e.path, 404), e.path).toContain("book_in_trash");
    for (const [method, path] of [
      ["POST", "/api/v1/convert"],
      ["POST", "/api/v1/books/import"],
      ["POST", "/api/v1/books/{bookId}/import"],
      ["GET", "/api/v1/books/{bookId}/export"],
    ] as const) {
      expect(errorsOf(method, path, 429), path).toContain("rate_limited");
      expect(Object.keys(responses(operationOf(method, path))["429"]!.headers ?? {}), path).toContain("retry-after");
    }
  });

  it("declares If-Match and Accept as header parameters where they are read", () => {
    const headersOf = (method: string, path: string) =>
      ((operationOf(method, path).parameters ?? []) as oas31.ParameterObject[]).filter((p) => p.in === "header").map((p) => p.name);
    for (const method of ["PUT", "PATCH"]) expect(headersOf(method, "/api/v1/books/{bookId}/chapters/{chapterId}")).toEqual(["If-Match"]);
    expect(headersOf("POST", "/api/v1/books/{bookId}/chapters/{chapterId}/restorations")).toEqual(["If-Match"]);
    expect(headersOf("GET", "/api/v1/books/{bookId}/export")).toEqual(["Accept"]);
  });

  it("keeps request bodies under components.requestBodies, where a field with a default stays optional", () => {
    const bodies = doc.components?.requestBodies ?? {};
    expect(Object.keys(bodies)).toEqual(expect.arrayContaining(["CreateBook", "ReplaceBook", "CreateAnalysisTemplate"]));
    // A body is named under requestBodies, or written inline; its schema is never a schemas component.
    for (const { path, method, op } of operations) {
      const body = requestBodyOf(op);
      for (const media of Object.values(body?.content ?? {})) expect((media.schema as Schema).$ref, `${method} ${path}`).toBeUndefined();
    }
    const createBook = (bodies.CreateBook as oas31.RequestBodyObject).content["application/json"]!.schema as Schema;
    expect(createBook.required).toEqual(["title"]);
    // In a schema the server sends, a field with a default is always there; one that may be left out is a request's.
    for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
      const object = schema as Schema;
      for (const [field, property] of Object.entries(object.properties ?? {})) {
        if ("default" in (property as object) && !(object.required ?? []).includes(field)) {
          throw new Error(`${name}.${field} has a default but is optional in a schema the server sends`);
        }
      }
    }
  });

  it("takes back the book, the chapter and the template as GET gave them: PUT declares their read-only attributes", () => {
    for (const [path, name, readOnly] of [
      ["/api/v1/books/{bookId}", "ReplaceBook", ["id", "ownerId", "wordCount", "createdAt", "updatedAt", "deleted", "deletedAt"]],
      ["/api/v1/books/{bookId}/chapters/{chapterId}", "ReplaceChapter", ["id", "bookId", "position", "wordCount", "createdAt"]],
      ["/api/v1/analysis/{templateId}", "ReplaceAnalysisTemplate", ["id", "slug", "version", "author", "installs"]],
    ] as const) {
      expect((operationOf("PUT", path).requestBody as { $ref: string }).$ref).toBe(`#/components/requestBodies/${name}`);
      const schema = (doc.components!.requestBodies![name] as oas31.RequestBodyObject).content["application/json"]!.schema as Schema;
      for (const field of readOnly) expect((schema.properties![field] as Schema).readOnly, `${name}.${field}`).toBe(true);
      expect(schema.required ?? [], name).not.toEqual(expect.arrayContaining(readOnly.slice(0, 1)));
    }
  });

  it("offers only defaults that pass their own schema (the structure probe's params had none that could)", () => {
    const problems: string[] = [];
    const check = (node: unknown, where: string): void => {
      if (!node || typeof node !== "object") return;
      const schema = node as Schema;
      if ("default" in schema && schema.default !== null && typeof schema.default === "object" && !Array.isArray(schema.default)) {
        const missing = (schema.required ?? []).filter((key) => !(key in (schema.default as object)));
        if (missing.length > 0) problems.push(`${where}: default lacks ${missing.join(", ")}`);
      }
      if ("default" in schema && schema.enum && !schema.enum.includes(schema.default)) problems.push(`${where}: default not in enum`);
      for (const [key, value] of Object.entries(schema)) if (key !== "default" && key !== "example") check(value, `${where}.${key}`);
    };
    check(doc, "#");
    expect(problems).toEqual([]);
  });

  it("meets spectral:oas where it can be checked without Spectral: tags, descriptions, contact, scopes", () => {
    const tags = new Set(doc.tags?.map((t) => t.name));
    expect(doc.info.contact).toBeDefined();
    for (const { path, method, op } of operations) {
      const where = `${method} ${path}`;
      for (const tag of op.tags ?? []) expect(tags.has(tag), `${where}: tag ${tag}`).toBe(true);
      expect(op.description?.trim(), where).toBeTruthy();
      for (const requirement of op.security ?? []) for (const scopes of Object.values(requirement)) expect(scopes, where).toEqual([]);
    }
  });

  it("declares each body in the media types it is taken in: JSON without file parts, a chapter's form with its `file` (issue 33 item 7)", () => {
    const bodies = doc.components!.requestBodies! as Record<string, oas31.RequestBodyObject>;
    for (const name of ["CoverUpload", "BiblePictureUpload", "Import", "ImportIntoBook"]) {
      expect(Object.keys(bodies[name]!.content), name).toEqual(["multipart/form-data"]);
      expect(resolve(bodies[name]!.content["multipart/form-data"]!.schema as Schema).properties!.file, name).toMatchObject({ type: "string", format: "binary" });
    }
    const conversion = bodies.ConversionForm!.content;
    const json = conversion["application/json"]!.schema as Schema;
    expect(Object.keys(json.properties!)).toEqual(["content", "from", "to"]);
    expect(json.required).toEqual(["content", "to"]);
    expect(Object.keys((conversion["multipart/form-data"]!.schema as Schema).properties!)).toEqual(["file", "content", "from", "to"]);
    const chapter = bodies.UploadChapterForm!.content;
    expect((chapter["application/json"]!.schema as Schema).required).toEqual(["content"]);
    const form = chapter["multipart/form-data"]!.schema as Schema;
    expect(form.properties!.file).toMatchObject({ type: "string", format: "binary" });
    expect(form.required ?? []).toEqual([]);
  });

  it("declares a replace's dry run (200, the preview) beside the replace applied (201)", () => {
    const answers = responses(operationOf("POST", "/api/v1/books/{bookId}/replace"));
    const data = (status: number) => ((answers[status]!.content!["application/json"]!.schema as Schema).properties!.data as Schema).$ref;
    expect(data(200)).toBe("#/components/schemas/ReplacePreview");
    expect(data(201)).toBe("#/components/schemas/ReplaceResult");
  });

  it("serves the document itself with GET, HEAD and OPTIONS only", () => {
    expect(Object.keys(doc.paths!["/api/v1/openapi.json"]!).sort()).toEqual(["get", "head", "options"]);
  });
});

describe("one job resource, and HEAD without side effects (issue 18 item 4)", () => {
  it("marks the conversion job addresses as deprecated aliases of the job's one address", () => {
    for (const [alias, canonical] of [
      ["/api/v1/convert/jobs/{jobId}", "/api/v1/jobs/{jobId}"],
      ["/api/v1/convert/jobs/{jobId}/result", "/api/v1/jobs/{jobId}/file"],
    ] as const) {
      expect(operationOf("GET", alias).deprecated, alias).toBe(true);
      expect(operationOf("GET", alias).description, alias).toContain(`GET ${canonical}`);
      expect(operationOf("GET", canonical).deprecated, canonical).toBeUndefined();
    }
  });

  it("declares every 202's job with a Location, and HEAD on export as headers without a 202", () => {
    const head = operationOf("HEAD", "/api/v1/books/{bookId}/export");
    expect(Object.keys(responses(head))).not.toContain("202");
    expect(head.description).toContain("never queues a job");
    expect(Object.keys(responses(operationOf("GET", "/api/v1/books/{bookId}/export")))).toContain("202");
  });

  it("declares Retry-After, the seconds to wait before polling, beside Location on every 202 (issue 33 item 9)", () => {
    const accepting = ENDPOINTS.filter((endpoint) => endpoint.success.accepted);
    expect(accepting.length).toBeGreaterThan(3);
    for (const endpoint of accepting) {
      const accepted = responses(operationOf(endpoint.method, endpoint.path))[202] as { headers?: Record<string, unknown> };
      expect(Object.keys(accepted.headers ?? {}), `${endpoint.method} ${endpoint.path}`).toEqual(expect.arrayContaining(["location", "retry-after"]));
    }
  });

  it("declares HEAD wherever GET is, except a GET that may queue a job without saying how to answer HEAD", () => {
    const gets = ENDPOINTS.filter((e) => e.method === "GET");
    expect(gets.filter((e) => e.success.accepted).map((e) => e.path)).toEqual(expect.arrayContaining(["/api/v1/books/{bookId}/export"]));
    for (const e of gets) expect(Boolean(doc.paths![e.path]!.head), e.path).toBe(e.head !== undefined || !e.success.accepted);
    // Files stored or small answer HEAD as GET does (issue 30 item 8).
    for (const path of ["/api/v1/books/{bookId}/cover", "/api/v1/books/{bookId}/bible/export"]) expect(doc.paths![path]!.head, path).toBeDefined();
    expect(doc.paths!["/api/v1/convert"]!.head).toBeUndefined();
  });
});
