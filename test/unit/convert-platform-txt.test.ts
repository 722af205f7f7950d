// @module-tag shared
import { describe, expect, it } from "vitest";
import { writeHere } from "@/server/convert/engine/run";
import type { DocumentModel } from "@/server/convert/engine/model";

// Issue 32 item 4: the platform layout of the text writer, on what a chapter's Markdown may hold.

const text = async (model: DocumentModel, options: Parameters<typeof writeHere>[2]) => new TextDecoder().decode((await writeHere(model, "txt", options)).bytes);

describe("the text writer's platform layout", () => {
  it("indents each paragraph, list item, quoted line and note with exactly 　　, whatever spaces it started with", async () => {
    const model: DocumentModel = {
      chapters: [
        {
          title: "第一章 开始",
          markdown: "\t 　第一段。 \n\u00a0\u00a0第二段。\n\n- 甲\n- 乙\n\n> 　　引文。\n\n正文[^1]。\n\n   \n\n[^1]: 　注释。",
        },
      ],
    };
    expect(await text(model, { text: { layout: "platform", paragraphSpacing: "none" } })).toBe("第一章 开始\n　　第一段。\n　　第二段。\n　　甲\n　　乙\n　　引文。\n　　正文[1]。\n　　[1] 注释。\n");
  });

  it("leaves the plain layout as it was: lists marked, no indent added, scene breaks as * * *", async () => {
    const model: DocumentModel = { chapters: [{ title: "One", markdown: "A line.\n\n* * *\n\n- item" }] };
    expect(await text(model, {})).toBe("One\n\nA line.\n\n* * *\n\n- item\n");
    expect(await text(model, { text: { paragraphSpacing: "none", lineEndings: "crlf" } })).toBe("One\r\nA line.\r\n* * *\r\n- item\r\n");
  });
});
