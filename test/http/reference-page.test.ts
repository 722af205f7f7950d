// The rendered reference follows the OpenAPI document: request bodies named under
// components.requestBodies, and every declared tag (analysis, convert, jobs …), are shown.
import { describe, expect, it } from "vitest";
import { get } from "../support/http-client";

describe("/reference", () => {
  it("links each request body to its schema, and lists every part of the API", async () => {
    const page = await get("/reference", null, { accept: "text/html" });
    expect(page.status).toBe(200);
    expect(page.text).toContain('href="#schema-CreateBook"');
    expect(page.text).toContain('id="schema-CreateBook"');
    expect(page.text).toContain('id="schema-ReplaceBook"');
    for (const tag of ["analysis", "analyses", "convert", "jobs"]) expect(page.text).toContain(`id="tag-${tag}"`);
    expect(page.text).toContain("/api/v1/analysis/search");
  });
});
