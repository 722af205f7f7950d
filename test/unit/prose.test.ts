// @module-tag shared
import { describe, expect, it } from "vitest";
import { paragraphsByLine } from "@/server/convert/engine/markdown/paragraphs";
import { splitMarkdown } from "@/server/convert/engine/markdown/chapters";
import { unwrapMarkdown } from "@/server/convert/engine/markdown/wrapped";
import { modelToMarkdown } from "@/server/convert/engine/writers/markdown";
import { Fences } from "@/server/text/markdown-lines";
import { replaceNotes, withoutNotes } from "@/server/text/notes";
import { smartenMarkdown } from "@/server/text/smart-punctuation";
import { countProse } from "@/server/text/prose";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

describe("countProse: the one counting rule", () => {
  it("counts no link target, footnote citation or Markdown mark as a word", () => {
    expect(countProse("See [the next chapter](#link2HCH0001) now.", "words")).toBe(5);
    expect(countProse("## Chapter One\n\n- don't stop\n1. now\n\n***\n\n> *said* **she**", "words")).toBe(7);
    expect(countProse("A note.[^1]\n\n[^1]: The footnote's own words count.", "words")).toBe(7);
    expect(countProse("[label]: https://example.com/some/where\n\nText.", "words")).toBe(1);
  });

  it("counts a hyphenated compound as one word and CJK by character", () => {
    expect(countProse("A well-known, out-of-the-way inn.", "words")).toBe(4);
    expect(countProse("# 第一章\n\n他来了。", "words")).toBe(6);
  });

  it("never counts a private note", () => {
    expect(countProse("She left. <!-- check the date -->\n<!-- a note\nover two lines -->\nHe stayed.", "words")).toBe(4);
    expect(countProse("<!-- a note never closed\nruns to the end", "words")).toBe(0);
  });
});

describe("notes", () => {
  it("leaves the words around a note as they were, without doubled blanks", () => {
    expect(withoutNotes("She <!-- x --> walked.")).toBe("She walked.");
    expect(withoutNotes("She<!-- x --> walked.")).toBe("She walked.");
    expect(withoutNotes("<!-- x --> She walked.")).toBe("She walked.");
    expect(withoutNotes("She walked. <!-- x -->\nNext.")).toBe("She walked.\nNext.");
  });

  it("keeps the line breaks a note spans, so the lines around it stay paragraphs of their own", () => {
    expect(withoutNotes("One.\n<!-- a\nb -->\nTwo.")).toBe("One.\n\n\nTwo.");
    expect(withoutNotes("One. <!-- a\nb --> Two.")).toBe("One.\nTwo.");
  });

  it("reads an unclosed note to the end only where it opens a line, and none in fenced code", () => {
    expect(withoutNotes("Text.\n<!-- open\nstill the note")).toBe("Text.\n\n");
    expect(withoutNotes("Less <!-- than that")).toBe("Less <!-- than that");
    expect(withoutNotes("```\n<!-- code -->\n```\n<!-- note -->")).toBe("```\n<!-- code -->\n```\n");
  });

  it("hands each note's text to the caller", () => {
    expect(replaceNotes("A <!-- check --> B", (inner) => `[${inner.trim()}]`)).toBe("A [check] B");
  });

  it("reads any run of openings and closings in linear time", () => {
    // CPU time, not wall-clock time (the machine may be shared): linear work on these takes milliseconds.
    for (const text of ["a <!--".repeat(100_000), "<!-- a -->".repeat(100_000), " <!-- a --> ".repeat(100_000), "<!--\n".repeat(100_000), `${"x\n".repeat(100_000)}<!--`]) {
      const cpu = cpuMark();
      withoutNotes(text);
      expect(cpuMsSince(cpu), text.slice(0, 12)).toBeLessThan(1_000);
    }
  });
});

describe("paragraphsByLine", () => {
  it("makes every line a paragraph of its own", () => {
    expect(paragraphsByLine("# One\n\nFirst.\nSecond.")).toBe("# One\n\nFirst.\n\nSecond.");
    expect(paragraphsByLine("First.\r\nSecond.")).toBe("First.\n\nSecond.");
  });

  it("keeps what Markdown ties together: a line break, a table, a list, a heading's underline, code", () => {
    expect(paragraphsByLine("Roses,\\\nviolets.")).toBe("Roses,\\\nviolets.");
    expect(paragraphsByLine("| a | b |\n|---|---|\n| 1 | 2 |\nAfter.")).toBe("| a | b |\n|---|---|\n| 1 | 2 |\n\nAfter.");
    expect(paragraphsByLine("- one\n- two\nAfter.")).toBe("- one\n- two\n\nAfter.");
    expect(paragraphsByLine("Title\n=====\nText.")).toBe("Title\n=====\n\nText.");
    expect(paragraphsByLine("```\na\nb\n```\nText.")).toBe("```\na\nb\n```\n\nText.");
  });

  it("keeps a quote's paragraphs in the quote, and reads an indented line as a paragraph, not code", () => {
    expect(paragraphsByLine("> one\n> two")).toBe("> one\n>\n> two");
    expect(paragraphsByLine("One.\n    Indented.")).toBe("One.\n\nIndented.");
    expect(paragraphsByLine("[^1]: A note.\n    Its second paragraph.")).toBe("[^1]: A note.\n\n    Its second paragraph.");
  });

  it("reads a line of a dash and a long run of blanks in linear time, and a delimiter row with trailing blanks still as a table's", () => {
    expect(paragraphsByLine("| a | b |\n|---|---|  \t\n| 1 | 2 |")).toBe("| a | b |\n|---|---|  \t\n| 1 | 2 |");
    for (const line of [`-${" ".repeat(100_000)}x`, `|-${" \t".repeat(50_000)}x`, `-${" ".repeat(100_000)}|`]) {
      const text = `a | b\n${line}`;
      // CPU time, not wall-clock time: a linear reading takes milliseconds, the quadratic one minutes.
      const cpu = cpuMark();
      const out = paragraphsByLine(text);
      const ms = cpuMsSince(cpu);
      expect(out.endsWith(line)).toBe(true);
      expect(ms, line.slice(0, 3)).toBeLessThan(1_000);
    }
  });
});

describe("the analysis counts as the chapters do", () => {
  it("finds the same words in a book as the stored counts", async () => {
    const { prepareBook } = await import("@/server/analysis/engine/prepare");
    const chapters = [
      { id: "a", title: "One", content: "## A well-known place\n\nSee [the map](#link2HCH0001) now. <!-- a note -->\n“Go,” she said.\n\n* * *\n\n第一章 他来了。" },
      { id: "b", title: "Two", content: "- an item\n1. another\n\n> Quoted *words*, in\\\nverse.[^1]\n\n[^1]: A footnote." },
    ];
    const book = await prepareBook({ title: "Same", chapters });
    expect(book.words).toBe(chapters.reduce((sum, c) => sum + countProse(c.content, "words"), 0));
    expect(book.chapters.map((c) => c.words)).toEqual(chapters.map((c) => countProse(c.content, "words")));
  });
});

describe("one reading of fenced code for every module (server/text/markdown-lines.ts)", () => {
  it("closes a fence only on a run of its own mark at least as long, indented at most three, with nothing after", () => {
    const kinds = (text: string) => {
      const fences = new Fences();
      return text.split("\n").map((line) => fences.next(line));
    };
    expect(kinds("````\n```\n~~~~\n`````")).toEqual(["open", "inside", "inside", "close"]);
    expect(kinds("~~~\n~~~ x\n   ~~~~\nText")).toEqual(["open", "inside", "close", null]);
    expect(kinds("```a`b\n    ```\n```\n    ```")).toEqual([null, null, "open", "inside"]);
  });

  it("is the same in notes, paragraphs, unwrapping, smart punctuation, chapter splitting and the Markdown writer", () => {
    const code = '````\n```\n<!-- "kept" -->\nline\n````';
    expect(withoutNotes(`${code}\n<!-- note -->`)).toBe(`${code}\n`);
    expect(paragraphsByLine(`${code}\nText.`)).toBe(`${code}\n\nText.`);
    expect(smartenMarkdown(`${code}\n"Text"`)).toBe(`${code}\n“Text”`);
    const wrapped = `${"A line of a hard-wrapped paragraph that is long enough.\n".repeat(2)}\n${code}\n${"short\n".repeat(2)}\n\n\n`;
    expect(unwrapMarkdown(wrapped)).toContain(`\n${code}\n`);
    // Reading chapters: a heading in code is not one. Writing Markdown: a chapter's heading in code is not demoted.
    expect(splitMarkdown("# One\n```\n``` x\n# In code\n```\n# Two").chapters.map((c) => c.title)).toEqual(["One", "Two"]);
    expect(modelToMarkdown({ chapters: [{ title: "One", markdown: "````\n```\n# In code\n````" }] })).toContain("\n# In code\n");
  });
});
