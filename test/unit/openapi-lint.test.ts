// Issue 17, item 12: a third party's OpenAPI linter finds nothing in the document. Issue 29 (a lean
// install) moved the check from Spectral's CLI (240 packages, 80 MB, for this one test) to
// Redocly's linter, which openapi-typescript already installs, with Spectral's spectral:oas rules
// switched on where Redocly has them.
import { createConfig, lintFromString, type NormalizedProblem } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/http/openapi";

/** Redocly's name for each rule of spectral:oas (recommended rules, OpenAPI 3.x) that it has. */
const SPECTRAL_OAS_RULES = {
  "operation-2xx-response": "error", // operation-success-response
  "operation-operationId-unique": "error",
  "operation-parameters-unique": "error", // operation-parameters
  "operation-tag-defined": "error",
  "path-parameters-defined": "error", // path-params
  "info-contact": "error",
  "operation-description": "error",
  "operation-operationId": "error",
  "operation-operationId-url-safe": "error", // operation-operationId-valid-in-url
  "path-declaration-must-exist": "error",
  "no-path-trailing-slash": "error", // path-keys-no-trailing-slash
  "path-not-include-query": "error",
  "no-enum-type-mismatch": "error", // typed-enum
  "no-empty-servers": "error", // oas3-api-servers
  "no-example-value-and-externalValue": "error", // oas3-examples-value-or-externalValue
  "security-defined": "error", // oas3-operation-security-defined
  "no-server-trailing-slash": "error", // oas3-server-trailing-slash
  "no-invalid-media-type-examples": "error", // oas3-valid-media-example
  "no-invalid-schema-examples": "error", // oas3-valid-schema-example
  "no-unused-components": "error", // oas3-unused-component
  "no-undefined-server-variable": "error", // oas3-server-variables
  struct: "error", // oas3-schema
  // Redocly's recommended rules that spectral:oas does not have, and this document need not meet:
  // an operator's own server has no licence to name, and OPTIONS on the document itself cannot fail.
  "info-license": "off",
  "info-license-strict": "off",
  "operation-4xx-response": "off",
  // Spectral's info-description, operation-tags and no-script-tags-in-markdown /
  // no-eval-in-markdown, written as Redocly's configurable rules.
  "rule/info-description": { subject: { type: "Info", property: "description" }, assertions: { defined: true, nonEmpty: true } },
  "rule/operation-tags": { subject: { type: "Operation", property: "tags" }, assertions: { defined: true, nonEmpty: true } },
  "rule/no-script-in-descriptions": {
    subject: { type: "Operation", property: "description" },
    assertions: { notPattern: "/<script|eval\\(/i" },
  },
} as const;

async function lintProblems(document: object): Promise<string[]> {
  const config = await createConfig({ extends: ["recommended"], rules: SPECTRAL_OAS_RULES });
  const problems: NormalizedProblem[] = await lintFromString({ source: JSON.stringify(document), absoluteRef: "openapi.json", config });
  return problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.message}`);
}

describe("the OpenAPI document, as Redocly's linter reads it with spectral:oas's rules", () => {
  it("reports no error and no warning", async () => {
    expect(await lintProblems(openApiDocument())).toEqual([]);
  }, 120_000);

  it("still finds what is wrong in a broken copy", async () => {
    type Operation = { description?: string; tags?: string[]; responses: object };
    type Info = { contact?: object; description?: string };
    const broken = JSON.parse(JSON.stringify(openApiDocument())) as { info: Info; paths: Record<string, Record<string, Operation>> };
    delete broken.info.contact;
    delete broken.info.description;
    const listBooks = broken.paths["/api/v1/books"]!.get!;
    delete listBooks.description;
    listBooks.responses = { "404": { description: "only a failure" } };
    const createBook = broken.paths["/api/v1/books"]!.post!;
    delete createBook.tags;
    createBook.description = "Creates a book. <script>alert(1)</script>";
    const rules = (await lintProblems(broken)).map((problem) => problem.split(" ")[1]);
    expect(rules).toEqual(
      expect.arrayContaining([
        "info-contact",
        "rule/info-description",
        "operation-description",
        "operation-2xx-response",
        "rule/operation-tags",
        "rule/no-script-in-descriptions",
      ]),
    );
  }, 120_000);
});
