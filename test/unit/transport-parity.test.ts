// Issue 18 item 3: REST and tRPC in step. Every operation of the scope table is served by both
// transports, unless it is listed below with the reason; what they share is derived, not repeated:
// a procedure is built from its endpoint's declaration (procedureOf, decision 0463) unless it is
// listed as written by hand, with the reason.
import { describe, expect, it } from "vitest";
import { OPERATION_SCOPES, type Operation } from "@/server/auth/scopes";
import type { Endpoint } from "@/server/http/endpoint";
import { ENDPOINTS } from "@/server/http/endpoints/index";
import { PROCEDURES } from "../support/trpc-procedures";

/**
 * Operations served by one transport only, and why. Keep it short: a new operation is served by
 * both (REST's endpoint declared in server/http/endpoints/, tRPC's procedure built with
 * operationProcedure or listProcedure in server/trpc/routers/).
 */
const REST_ONLY: Partial<Record<Operation, string>> = {
  "tokens.list": "tokens are credentials, managed beside /auth (login, refresh, revoke), which tRPC does not serve either; the settings page uses server actions",
  "tokens.create": "as tokens.list: a token is made where OAuth clients and the CLI make one",
  "tokens.delete": "as tokens.list",
  "books.cover": "a cover is bytes (image/jpeg …) answered as themselves, which tRPC's JSON cannot carry; the book's cover.url names the REST path",
  "books.setCover": "a cover is uploaded as a multipart file's bytes, which tRPC's JSON cannot carry without base64 (a third larger)",
  "bible.picture": "a picture is bytes (image/png …) answered as themselves, which tRPC's JSON cannot carry; the entry's picture.url names the REST path",
  "bible.setPicture": "a picture is uploaded as a multipart file's bytes, which tRPC's JSON cannot carry without base64 (a third larger)",
};
const TRPC_ONLY: Partial<Record<Operation, string>> = {};

const BYTES = "REST moves the document as bytes (multipart in, the file out, 202 with a job); tRPC as base64 or text in JSON";
/** Procedures written in their routers rather than derived from an endpoint (procedureOf), and why. */
const HAND_WRITTEN: Record<string, string> = {
  "chapters.list": "REST reads include=content from its query; tRPC takes includeContent, a boolean",
  "books.deleteCover": "REST answers 204; tRPC answers the book without its cover",
  "bible.deletePicture": "REST answers 204; tRPC answers the entry without its picture",
  "bible.exportMarkdown": "REST answers the Markdown file; tRPC its name and text in JSON",
  "chapters.save": "REST reads the version edited from If-Match or the body (412 or 409) and serves PUT and PATCH; tRPC requires version",
  "chapters.restoreRevision": "REST reads the version from If-Match (412) as well as the body",
  "chapters.revision": "REST's path parameter coerces the version from text; tRPC takes a number as is",
  "search.book": "REST's query spells its page as text and its schema lets an empty search through; tRPC takes JSON numbers and flags with defaults and refuses an empty search",
  "search.library": "as search.book",
  "search.previewReplace": "as search.book",
  "search.applyReplace": "REST's POST …/replace also previews (dryRun) and answers 200 then; tRPC keeps the preview in previewReplace",
  "analysis.run": "REST answers 202 with the job when the run outlasts the wait; tRPC answers the outcome naming the job",
  "analysis.runMany": "as analysis.run",
  "analysis.compare": "REST takes its series comma-separated in the query; tRPC as an array",
  "convert.convert": BYTES,
  "convert.export": BYTES,
  "convert.coverTemplate": BYTES,
  "convert.import": BYTES,
  "convert.importPreview": BYTES,
  "convert.importInto": BYTES,
};

const operations = Object.keys(OPERATION_SCOPES) as Operation[];
const endpointsOf = (operation: Operation) => ENDPOINTS.filter((e) => e.operation === operation && !e.aliasOf);
const proceduresOf = (operation: Operation) => PROCEDURES.filter((p) => p.operation === operation);
const pathParams = (endpoint: Endpoint) => [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
const key = (endpoint: Endpoint) => `${endpoint.method} ${endpoint.path}`;

describe("every operation has a REST endpoint and a tRPC procedure", () => {
  it("every tRPC procedure names an operation of the scope table", () => {
    const unnamed = PROCEDURES.filter((p) => p.operation === undefined).map(
      (p) => `${p.path}: build it with operationProcedure("<operation>") (or listProcedure) naming an entry of OPERATION_SCOPES (it says ${JSON.stringify(p.meta.operation)})`,
    );
    expect(unnamed).toEqual([]);
  });

  for (const operation of operations) {
    it(operation, () => {
      const problems: string[] = [];
      const rest = endpointsOf(operation);
      const rpc = proceduresOf(operation);
      if (rest.length === 0 && !REST_ONLY[operation] && !TRPC_ONLY[operation]) {
        problems.push(`no REST endpoint declares operation "${operation}": declare one in server/http/endpoints/, or list it in TRPC_ONLY with the reason`);
      }
      if (rpc.length === 0 && !TRPC_ONLY[operation] && !REST_ONLY[operation]) {
        problems.push(`no tRPC procedure declares operation "${operation}": add one built with operationProcedure("${operation}") to a router in server/trpc/routers/, or list it in REST_ONLY with the reason`);
      }
      if (REST_ONLY[operation] && rpc.length > 0) problems.push(`"${operation}" is listed REST_ONLY but ${rpc.map((p) => p.path).join(", ")} serves it: take it off the list`);
      if (TRPC_ONLY[operation] && rest.length > 0) problems.push(`"${operation}" is listed TRPC_ONLY but ${rest.map(key).join(", ")} serves it: take it off the list`);
      expect(problems).toEqual([]);
    });
  }
});

describe("what the two transports share is the same declaration", () => {
  it("a procedure is derived from an endpoint of its operation (a query from a GET), or listed as written by hand with the reason", () => {
    const problems: string[] = [];
    for (const procedure of PROCEDURES) {
      const from = procedure.meta.derivedFrom;
      if (from === undefined) {
        if (!HAND_WRITTEN[procedure.path]) problems.push(`${procedure.path} is written by hand: derive it with procedureOf(<its endpoint>), or list it in HAND_WRITTEN with the reason`);
        continue;
      }
      if (HAND_WRITTEN[procedure.path]) problems.push(`${procedure.path} is derived from ${from}: take it off HAND_WRITTEN`);
      const endpoint = ENDPOINTS.find((e) => key(e) === from && !e.aliasOf);
      if (!endpoint) problems.push(`${procedure.path} names ${from}, which no endpoint declares`);
      else if (endpoint.operation !== procedure.operation) problems.push(`${procedure.path} performs ${procedure.operation}, its endpoint ${from} ${endpoint.operation}`);
      else if ((endpoint.method === "GET") !== (procedure.type === "query")) problems.push(`${procedure.path} is a ${procedure.type}, but ${from} is ${endpoint.method}`);
    }
    for (const path of Object.keys(HAND_WRITTEN)) {
      if (!PROCEDURES.some((p) => p.path === path)) problems.push(`HAND_WRITTEN lists ${path}, which the router does not serve`);
    }
    expect(problems).toEqual([]);
  });

  it("a hand-written procedure names its resources as REST's path parameters do (bookId, chapterId …), never a bare id", () => {
    const problems: string[] = [];
    for (const procedure of PROCEDURES.filter((p) => p.operation && !p.meta.derivedFrom)) {
      if (procedure.inputKeys.includes("id")) problems.push(`${procedure.path} takes "id": name it as REST's path parameter does`);
      const rest = endpointsOf(procedure.operation!);
      // One REST endpoint of the operation must address what the procedure does with the same names.
      const matching = rest.some((endpoint) => pathParams(endpoint).every((param) => procedure.inputKeys.includes(param)));
      if (rest.length > 0 && !matching) {
        problems.push(`${procedure.path} takes {${procedure.inputKeys.join(", ")}}, but every REST endpoint of ${procedure.operation} names more: ${rest.map(key).join("; ")}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("a REST collection's operation is listed over tRPC from the same collection spec, and only a collection's", () => {
    const problems: string[] = [];
    for (const endpoint of ENDPOINTS.filter((e) => e.collection && e.operation && !e.aliasOf)) {
      const lists = proceduresOf(endpoint.operation!).filter((p) => p.type === "query" && p.meta.collection !== undefined);
      if (!REST_ONLY[endpoint.operation!] && lists.length === 0) {
        problems.push(`${key(endpoint)} pages a collection; its tRPC procedure must be built with listProcedure({ collection }) from the same spec`);
      }
      for (const list of lists) {
        if (list.meta.collection !== endpoint.collection) problems.push(`${list.path} is built from another collection spec than ${key(endpoint)}`);
      }
    }
    for (const procedure of PROCEDURES.filter((p) => p.meta.collection)) {
      const rest = endpointsOf(procedure.operation!).filter((e) => e.collection);
      if (rest.length === 0) problems.push(`${procedure.path} pages a collection that no REST endpoint of ${procedure.operation} pages`);
    }
    expect(problems).toEqual([]);
  });

  it("lists every exception with a reason, and only operations of the scope table", () => {
    for (const [operation, reason] of Object.entries({ ...REST_ONLY, ...TRPC_ONLY })) {
      expect(operations, operation).toContain(operation);
      expect(reason!.length, operation).toBeGreaterThan(10);
    }
    for (const [path, reason] of Object.entries(HAND_WRITTEN)) expect(reason.length, path).toBeGreaterThan(10);
  });
});
