// @module-tag shared
import { describe, expect, it } from "vitest";
import { attachmentHeader, fileNameOf } from "@/server/http/content-disposition";

// The server writes a download's name and the browser and the CLI read it back through one pair
// of functions (issue 18 item 9): every name a title can make comes back as it was.
describe("Content-Disposition", () => {
  it("gives back every name the server writes", () => {
    for (const name of ["plain.epub", "灯塔.epub", "100% Done.md", 'She said "no".docx', "it's (1) *final*.txt", "Ünïcødé – draft.pdf", "a\\b.md"]) {
      expect(fileNameOf(attachmentHeader(name)), name).toBe(name);
    }
  });

  it("always writes filename* next to an ASCII filename, for the CLIs before issue 18", () => {
    expect(attachmentHeader("100% Done.md")).toBe(`attachment; filename="100% Done.md"; filename*=UTF-8''100%25%20Done.md`);
  });

  it("reads other servers' headers, and nothing from one that is not RFC 6266", () => {
    expect(fileNameOf('attachment; filename="100% plain.txt"')).toBe("100% plain.txt");
    expect(fileNameOf("attachment; filename=bare.txt")).toBe("bare.txt");
    expect(fileNameOf("attachment")).toBeNull();
    expect(fileNameOf("attachment; filename=")).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
