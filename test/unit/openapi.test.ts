import { describe, expect, it } from "vitest";
import { OPERATION_SCOPES } from "@/server/auth/scopes";
import { ERRORS } from "@/server/errors";
import { ENDPOINTS } from "@/server/http/endpoints";
import { openApiDocument } from "@/server/http/openapi";
import type { oas31 } from "zod-openapi";

const doc = openApiDocument();
type Op = oas31.OperationObject & { "x-required-scope"?: string | null };

function operationOf(method: string, path: string): Op {
  const op = doc.paths?.[path]?.[method.toLowerCase() as "get"];
  if (!op) throw new Error(`${method} ${path} is missing from the document`);
  return op as Op;
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
      if (scope) {
        expect(op.description).toContain(scope);
        expect(op.security).toContainEqual({ bearerAuth: [scope] });
      }
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
        return expect(success!.content?.["application/octet-stream"]).toBeDefined();
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
      if (endpoint.path.includes("{bookId}")) expected.push(403, 410);
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
      const body = op.requestBody as oas31.RequestBodyObject | undefined;
      expect(Boolean(body)).toBe(Boolean(endpoint.body));
      if (body) expect(Object.keys(body.content)).toEqual(endpoint.body?.multipart ? ["application/json", "multipart/form-data"] : ["application/json"]);
    });
  });
});
