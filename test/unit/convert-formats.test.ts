// @module-tag shared
import { describe, expect, it } from "vitest";
import { FORMATS as ENGINE_FORMATS } from "@/server/convert/engine";
import { FORMATS } from "@/server/convert/engine/formats";
import { pandocFormat } from "@/server/convert/engine/pandoc";
import { isTextFormat, writtenAs } from "@/server/convert/formats";

// One format table (issue 18 item 10): the engine's list, pandoc's names, what travels as text and
// the OpenAPI download types all come from server/convert/engine/formats.ts.
describe("the format table", () => {
  it("is the engine's list itself, not a second one filtered from it", () => {
    expect(ENGINE_FORMATS).toBe(FORMATS);
  });

  it("gives every pandoc format pandoc's names, and no native one", () => {
    for (const format of FORMATS) {
      if (format.engine === "pandoc") expect(pandocFormat(format.id).pandoc, format.id).toEqual({ from: expect.any(String), to: expect.any(String) });
      else expect(() => pandocFormat(format.id), format.id).toThrow(expect.objectContaining({ code: "internal" }));
    }
    expect(pandocFormat("docbook").pandoc).toEqual({ from: "docbook", to: "docbook5" });
  });

  it("says from its container what travels as text and how a file is labelled", () => {
    const odt = FORMATS.find((f) => f.id === "odt")!;
    const rtf = FORMATS.find((f) => f.id === "rtf")!;
    expect([isTextFormat(odt), isTextFormat(rtf)]).toEqual([false, true]);
    expect(writtenAs(odt)).toEqual({ mediaType: "application/vnd.oasis.opendocument.text", extension: "odt" });
    expect(writtenAs(rtf)).toEqual({ mediaType: "application/rtf; charset=utf-8", extension: "rtf" });
  });
});
