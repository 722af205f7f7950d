// @module-tag shared
import { describe, expect, it } from "vitest";
import { quotesCurlByDefault, smartenMarkdown, smartTyping } from "@/server/text/smart-punctuation";

/** Types `text` one character at a time into an empty line, as the editor's option does. */
function typed(text: string): string {
  let line = "";
  for (let i = 0; i < text.length; i++) {
    const change = smartTyping(line, text[i]!, undefined);
    line = change ? line.slice(0, line.length - change.replace) + change.insert : line + text[i];
  }
  return line;
}

describe("smart punctuation while typing", () => {
  it("curls quotes and apostrophes, and makes dashes and ellipses as Word does", () => {
    expect(typed(`"It's the '90s," she said--'or so they say'... Wait -- what?`)).toBe("“It’s the ’90s,” she said—‘or so they say’… Wait – what?");
    expect(typed("a---b")).toBe("a—b");
  });

  it("looks through emphasis marks to tell opening from closing", () => {
    expect(typed(`*"Hi,"* he said. "*Bye*"`)).toBe("*“Hi,”* he said. “*Bye*”");
  });

  it("leaves a private note's marks and text as typed", () => {
    expect(typed(`Before <!-- a "note" -- here --> after "it"`)).toBe(`Before <!-- a "note" -- here --> after “it”`);
  });

  it("leaves a line of dashes (a scene break, a list) as Markdown", () => {
    expect(typed("---")).toBe("---");
    expect(typed("  --")).toBe("  --");
  });

  it("leaves CJK dashes and dots as typed, and alternates straight quotes in CJK text", () => {
    expect(typed("他说--然后...")).toBe("他说--然后...");
    expect(typed(`他说"你好"吗"再见"`)).toBe("他说“你好”吗“再见”");
    expect(typed("她说：“你好，世界！”——然后走了。……")).toBe("她说：“你好，世界！”——然后走了。……");
  });
});

describe("smartenMarkdown (export)", () => {
  it("changes the prose and nothing of the Markdown around it", () => {
    const markdown = [
      "# \"Chapter\" One",
      '"Well..." she said -- it\'s *"late"*.',
      "* * *",
      "---",
      "| a | b |",
      "|---|---|",
      "Use `\"code\" -- here` and <span title=\"x--y\">it's</span> [a \"link\"](http://x.org/a--b \"t\") \\\"escaped\\\".",
      "<!-- a \"private\" note -- never -->After the note's end.",
      "<!-- a note",
      "over \"two\" lines -->",
      "```",
      '"fenced" -- code...',
      "```",
    ].join("\n");
    expect(smartenMarkdown(markdown)).toBe(
      [
        "# “Chapter” One",
        "“Well…” she said – it’s *“late”*.",
        "* * *",
        "---",
        "| a | b |",
        "|---|---|",
        "Use `\"code\" -- here` and <span title=\"x--y\">it’s</span> [a “link”](http://x.org/a--b \"t\") \\\"escaped\\\".",
        "<!-- a \"private\" note -- never -->After the note’s end.",
        "<!-- a note",
        "over \"two\" lines -->",
        "```",
        '"fenced" -- code...',
        "```",
      ].join("\n"),
    );
  });

  it("reads an indented line as a paragraph with a first-line indent, not as code, as every export does", () => {
    expect(smartenMarkdown('    "Indented," she said.\n\t"Tabbed" -- too.')).toBe("    “Indented,” she said.\n\t“Tabbed” – too.");
    expect(smartenMarkdown('[^1]: A "note".\n    Its "second" paragraph.')).toBe("[^1]: A “note”.\n    Its “second” paragraph.");
    expect(smartenMarkdown('- An "item"\n\n        "code" in it')).toBe('- An “item”\n\n        "code" in it');
  });

  it("reads fences as CommonMark does: closed by a run of the same mark at least as long", () => {
    expect(smartenMarkdown('````\n```\n"still code"\n````\n"prose"')).toBe('````\n```\n"still code"\n````\n“prose”');
    expect(smartenMarkdown('~~~\n```\n"still code"\n~~~~\n"prose"')).toBe('~~~\n```\n"still code"\n~~~~\n“prose”');
  });

  it("never touches Chinese full-width punctuation, and curls straight quotes in Chinese text", () => {
    expect(smartenMarkdown("她说：“你好，世界！”——然后走了。……「引用」\n他说\"你好\"--好...")).toBe("她说：“你好，世界！”——然后走了。……「引用」\n他说“你好”--好...");
  });

  it("stays linear on hostile lines (a quadratic scan would run past the test's time limit)", () => {
    const hostile = " `` ".repeat(20_000) + "<a ".repeat(20_000) + "](".repeat(20_000) + '"'.repeat(20_000);
    expect(smartenMarkdown(hostile)).toHaveLength(hostile.length);
  });
});

describe("quotesCurlByDefault (the editor's default for smart quotes, by the book's language)", () => {
  it("is on where the language quotes “so”, mainland Chinese included", () => {
    for (const language of ["en", "en-GB", "EN-us", "nl", "ko", "zh", "zh-Hans", "zh-CN", "zh-Hans-SG"]) expect(quotesCurlByDefault(language), language).toBe(true);
  });
  it("is off where the quotes are others: „so“, «so», 「so」", () => {
    for (const language of ["de", "fr", "ru", "pl", "ja", "zh-Hant", "zh-TW", "zh-hk", "zh-Hant-HK", "zh-MO"]) expect(quotesCurlByDefault(language), language).toBe(false);
  });
});

// Issue 32 item 9 (decision 0513): the direction of a straight quote in Chinese text, typed and exported alike.
describe("straight quotes in Chinese text", () => {
  const cases: [string, string][] = [
    // The case: a half-width colon typed after Han text, as an input method in half-width mode types it.
    [`他说:"你好"`, "他说:“你好”"],
    // After full-width punctuation.
    [`他说："你好。"`, "他说：“你好。”"],
    [`他问，"你好吗？"她答："好！"`, "他问，“你好吗？”她答：“好！”"],
    [`"你好,"他说`, "“你好,”他说"],
    // Quote after quote: the closing one does not end the Chinese text.
    [`"你好""再见"`, "“你好”“再见”"],
    [`他说:"你好",她说:"再见"`, "他说:“你好”,她说:“再见”"],
    // ‘’ inside “”, as Chinese nests them.
    [`他说:"她说'好'"`, "他说:“她说‘好’”"],
    [`他说："她说：'你好。'然后走了。"`, "他说：“她说：‘你好。’然后走了。”"],
    // Latin inside Chinese quotes closes as Latin does.
    [`他说:"OK"`, "他说:“OK”"],
    // Emphasis marks looked through.
    [`他说:*"你好"*`, "他说:*“你好”*"],
  ];

  it.each(cases)("typing %s gives %s", (input, expected) => {
    expect(typed(input)).toBe(expected);
  });

  it.each(cases)("exporting %s gives %s", (input, expected) => {
    expect(smartenMarkdown(input)).toBe(expected);
  });

  it("leaves Latin text as it was", () => {
    const latin = `He said: "Hi" and "It's the '90s," she said--'or so they say'.`;
    expect(typed(latin)).toBe("He said: “Hi” and “It’s the ’90s,” she said—‘or so they say’.");
    expect(smartenMarkdown(latin)).toBe(typed(latin));
    // A blank after Chinese text is Latin typing again.
    expect(typed(`中文 "Hi," he said`)).toBe("中文 “Hi,” he said");
  });

  it("counts the quotes open on the line only", () => {
    expect(smartenMarkdown(`他说:"你好\n她说:"再见"`)).toBe("他说:“你好\n她说:“再见”");
  });
});
