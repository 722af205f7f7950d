// @module-tag shared
import { describe, expect, it } from "vitest";
import { quotedSpans } from "@/server/analysis/engine/dialogue";
import { markdownParagraphs } from "@/server/text/prose";
import { NameMatcher } from "@/server/text/name-matcher";
import { splitSentences } from "@/server/analysis/engine/sentences";
import { sentenceTokens } from "@/server/analysis/engine/tokens";

describe("markdownParagraphs", () => {
  it("keeps the prose and drops the marks", () => {
    const markdown = [
      "## The *Old* Mill ##",
      "",
      "> She said **no**, and _meant_ it. See [the map](https://example.com/a_(b)) or [notes][1].",
      "",
      "- a list item with `code`",
      "1. a numbered item",
      "",
      "![a picture](pic.png)<b>bold</b> <!-- a comment --> snake_case \\*stars\\*",
      "",
      "[1]: https://example.com/notes",
    ].join("\n");
    expect(markdownParagraphs(markdown)).toEqual([
      "The Old Mill",
      "She said no, and meant it. See the map or notes.",
      "a list item with code",
      "a numbered item",
      "bold snake_case *stars*",
    ]);
  });

  it("treats scene-break lines as paragraph breaks, never as text", () => {
    expect(markdownParagraphs("One.\n\n* * *\n\nTwo.\n---\nThree.\n\n#\n\n§\n\n⁂\n\nFour.")).toEqual(["One.", "Two.", "Three.", "Four."]);
  });

  it("takes each line as a paragraph, as the editor and the exports do, a backslash continuing one", () => {
    expect(markdownParagraphs("One line.\nAnother line.")).toEqual(["One line.", "Another line."]);
    expect(markdownParagraphs("Roses are red,\\\nviolets blue.")).toEqual(["Roses are red, violets blue."]);
    expect(markdownParagraphs("他来了。\n她走了。\n“好。”\n然后")).toEqual(["他来了。", "她走了。", "“好。”", "然后"]);
  });

  it("runs nothing: HTML and scripts are only stripped as text", () => {
    expect(markdownParagraphs('<script>alert("x")</script>Words <img src=x onerror=alert(1)> stay.')).toEqual(['alert("x")Words stay.']);
  });
});

describe("splitSentences", () => {
  it("ends English sentences at . ! ? … before a space and a capital, not after Mr. or inside a quote", () => {
    expect(splitSentences('Mr. Darcy bowed. "Is it you?" she asked. Wait... then go! J. R. R. Tolkien wrote it.')).toEqual([
      "Mr. Darcy bowed.",
      '"Is it you?" she asked.',
      "Wait... then go!",
      "J. R. R. Tolkien wrote it.",
    ]);
  });

  it("ends Chinese sentences at 。！？ with any closing quote, but not at a trailing ……", () => {
    expect(splitSentences("他说：“你好。”她笑了！真的吗？他……他走了。")).toEqual(["他说：“你好。”", "她笑了！", "真的吗？", "他……他走了。"]);
    expect(splitSentences("「走吧……」他说。")).toEqual(["「走吧……」", "他说。"]);
  });
});

describe("quotedSpans", () => {
  it("finds every kind of quotation, and runs an unclosed one to the paragraph's end", () => {
    expect(quotedSpans('"One," he said, “two,” ‘three’ 「four『five』」 『six』')).toEqual(["One,", "two,", "three", "four『five』", "six"]);
    expect(quotedSpans("“Go on, and don’t stop")).toEqual(["Go on, and don’t stop"]);
    expect(quotedSpans("Anna’s ‘don’t’ stayed")).toEqual(["don’t"]);
  });
});

describe("sentenceTokens", () => {
  it("lower-cases English words and keeps contractions whole", () => {
    const tokens: string[] = [];
    sentenceTokens("Don’t stop, Anna — it's 1999.", tokens);
    expect(tokens).toEqual(["don't", "stop", "anna", "it's", "1999"]);
  });

  it("cuts Chinese into dictionary words, and keeps English words in mixed text", () => {
    const tokens: string[] = [];
    sentenceTokens("我们去Paris看师父。", tokens);
    expect(tokens).toEqual(["我们", "去", "paris", "看", "师父"]);
  });
});

describe("NameMatcher", () => {
  it("counts each mention once, as the longest name standing there, and Latin names as whole words", () => {
    const matcher = new NameMatcher(["Elizabeth", "Elizabeth Bennet", "Ann", "林风", "风"]);
    const found: number[] = [];
    matcher.forEachMention("Elizabeth Bennet met Elizabeth and Anna; Ann waved. 林风和风", (name) => found.push(name));
    expect(found).toEqual([1, 0, 2, 3, 4]);
  });
});
