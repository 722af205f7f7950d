// @module-tag shared
import { describe, expect, it } from "vitest";
import { acceptedMediaTypes, acceptsJson, namedMediaType } from "@/server/request/accept";

// One Accept parser (negotiator), three meanings (issue 18 item 10).
describe("acceptedMediaTypes", () => {
  it("orders by q, then by place in the header; drops q=0 and what is not a media type", () => {
    expect(acceptedMediaTypes("text/plain;q=0.5, application/pdf, text/html;q=0, garbage, application/epub+zip;q=0.9")).toEqual([
      "application/pdf",
      "application/epub+zip",
      "text/plain",
    ]);
  });

  it("reads a quoted parameter with a comma as one parameter, not two entries", () => {
    expect(acceptedMediaTypes('text/plain;profile="a,application/pdf";q=0.1, text/markdown')).toEqual(["text/markdown", "text/plain"]);
  });

  it("is null without a header or with a blank one: no preference", () => {
    expect(acceptedMediaTypes(null)).toBeNull();
    expect(acceptedMediaTypes("  ")).toBeNull();
  });
});

describe("acceptsJson (every JSON endpoint)", () => {
  it("takes no preference, JSON itself, wildcards and +json types", () => {
    for (const accept of [null, "", "*/*", "application/*", "application/json", "APPLICATION/JSON", "application/problem+json", "text/html, */*;q=0.8"]) {
      expect(acceptsJson(accept), String(accept)).toBe(true);
    }
  });

  it("refuses a header that names only other types, or refuses JSON with q=0", () => {
    for (const accept of ["text/html", "image/png, text/*", "application/json;q=0, */*", "application/json;q=0"]) {
      expect(acceptsJson(accept), accept).toBe(false);
    }
  });
});

describe("namedMediaType (the export's format)", () => {
  const offered = ["application/epub+zip", "application/pdf", "text/markdown"];

  it("picks the most wanted type the header names outright", () => {
    expect(namedMediaType("application/epub+zip;q=0.5, application/pdf", offered)).toBe("application/pdf");
    expect(namedMediaType("image/png, Text/Markdown;q=0.3", offered)).toBe("text/markdown");
  });

  it("lets no wildcard choose, and takes no refused type", () => {
    expect(namedMediaType("*/*", offered)).toBeUndefined();
    expect(namedMediaType("application/*", offered)).toBeUndefined();
    expect(namedMediaType("application/pdf;q=0, application/epub+zip;q=0.1", offered)).toBe("application/epub+zip");
    expect(namedMediaType(null, offered)).toBeUndefined();
  });
});
