// @module-tag shared
import { describe, expect, it } from "vitest";
import { chapterTooltip } from "@/app/(writer)/templates/_components/chart-tooltip";

// Issue 16, item 12: a chapter's title went into the beat chart's tooltip as HTML (the page's CSP
// caught the script it carried). The tooltip is HTML, so the title must arrive as text.
describe("the beat chart's tooltip", () => {
  it("shows a chapter title as text, never as markup", () => {
    const tooltip = chapterTooltip(`<img src=x onerror="alert(1)"> & 'Tom'`, "1200 words");
    expect(tooltip).toBe("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Tom&#39;<br/>1200 words");
    expect(tooltip).not.toContain("<img");
  });
});
