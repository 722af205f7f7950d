// @module-tag shared
import { describe, expect, it } from "vitest";
import { pastedHtmlToMarkdown } from "@/app/(writer)/books/[bookId]/chapters/[chapterId]/pasted-html";

// What Word (Windows, 365) and Google Docs (Chromium) put on the clipboard as text/html, trimmed
// of the longest style sheets but with their markup as it comes.

const WORD = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns="http://www.w3.org/TR/REC-html40">
<head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15 (filtered)">
<style><!-- p.MsoNormal, li.MsoNormal {margin:0in; font-size:12.0pt; font-family:"Times New Roman",serif;} --></style></head>
<body lang=EN-US link="#0563C1" vlink="#954F72" style='tab-interval:.5in;word-wrap:break-word'>
<!--StartFragment-->
<p class=MsoNormal style='text-indent:.5in;line-height:200%'><span style='font-size:12.0pt;line-height:200%'>It was <i style='mso-bidi-font-style:normal'>very</i> dark, and <b style='mso-bidi-font-weight:normal'>cold</b>.<o:p></o:p></span></p>
<p class=MsoNormal style='text-indent:.5in'><span style='font-style:italic'>Nobody</span> kept the light, <span style='font-weight:bold'>now</span>.<o:p></o:p></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoNormal align=center style='text-align:center'>* * *<o:p></o:p></p>
<p class=MsoNormal style='text-indent:.5in'>Morning came<br>
slowly.<o:p></o:p></p>
<p class=MsoNormal align=center style='text-align:center'>#<o:p></o:p></p>
<p class=MsoNormal>The end.<o:p></o:p></p>
<!--EndFragment-->
</body></html>`;

const GOOGLE_DOCS =
  `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-7a1c2e3f-7fff-4c2b-1d3e-5f6a7b8c9d0e">` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">It was </span>` +
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:italic;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">very</span>` +
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;"> dark, and </span>` +
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:700;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">cold</span>` +
  `<span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;background-color:transparent;font-weight:400;font-style:normal;font-variant:normal;text-decoration:none;vertical-align:baseline;white-space:pre;white-space:pre-wrap;">.</span></p>` +
  `<br><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;text-align:center;"><span style="font-size:11pt;font-weight:400;font-style:normal;">* * *</span></p>` +
  `<p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-weight:700;font-style:italic;">Both</span><span style="font-size:11pt;font-weight:400;font-style:normal;"> at once.</span></p>` +
  `<hr><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-weight:400;font-style:normal;">After the rule.</span></p></b>` +
  `<br class="Apple-interchange-newline">`;

describe("pastedHtmlToMarkdown", () => {
  it("keeps Word's paragraphs, italics, bold and scene breaks, one line a paragraph", () => {
    expect(pastedHtmlToMarkdown(WORD)).toBe(
      ["It was *very* dark, and **cold**.", "*Nobody* kept the light, **now**.", "* * *", "Morning came", "slowly.", "* * *", "The end."].join("\n"),
    );
  });

  it("keeps Google Docs' paragraphs and styled emphasis, and does not take its wrapper for bold", () => {
    expect(pastedHtmlToMarkdown(GOOGLE_DOCS)).toBe(["It was *very* dark, and **cold**.", "* * *", "***Both*** at once.", "* * *", "After the rule."].join("\n"));
  });

  it("honours a style that undoes a tag's emphasis", () => {
    expect(pastedHtmlToMarkdown(`<p><i style="font-style:normal">plain</i> and <b style="font-weight:400">plain</b></p>`)).toBe("plain and plain");
  });

  it("leaves whitespace outside the marks and drops empty emphasis", () => {
    expect(pastedHtmlToMarkdown(`<p>a<span style="font-style:italic"> word </span>b<i> </i>c</p>`)).toBe("a *word* b c");
  });

  it("keeps headings and lists as Markdown and escapes what would read as markup", () => {
    expect(pastedHtmlToMarkdown(`<h1>Part One</h1><p>1984. A year.</p><ul><li>rope</li><li>lantern</li></ul>`)).toBe(
      ["# Part One", "1984\\. A year.", "-   rope", "-   lantern"].join("\n"),
    );
  });

  it("escapes Markdown's marks only where they would act", () => {
    expect(pastedHtmlToMarkdown(`<p>He wrote [sic] in snake_case at AT&amp;T, a _word_ and 5 * 3.</p><p>- not a list</p><p>2) not either</p><p>See [x](y) and &lt;b&gt;.</p>`)).toBe(
      ["He wrote [sic] in snake_case at AT&T, a \\_word\\_ and 5 \\* 3.", "\\- not a list", "2\\) not either", "See [x\\](y) and \\<b>."].join("\n"),
    );
  });

  it("keeps Chinese text and its full-width punctuation as it is", () => {
    expect(pastedHtmlToMarkdown(`<p>她说：“你好，<i>世界</i>！”</p><p>——然后走了。</p>`)).toBe("她说：“你好，*世界*！”\n——然后走了。");
  });
});
