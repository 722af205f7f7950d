/** Where a text stops being JSON, in the terms an editor shows: 1-based line and column. */
export interface JsonProblem {
  line: number;
  column: number;
  /** what JSON needed there, e.g. `"," or "}"` */
  expected: string;
}

const SPACE = new Set([" ", "\t", "\n", "\r"]);
const ESCAPES = new Set(['"', "\\", "/", "b", "f", "n", "r", "t"]);
const HEX = /^[0-9a-fA-F]{4}$/;
// Sticky, so it matches only at lastIndex; no nested quantifiers, so linear in the text.
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

/**
 * The first place `text` breaks JSON's grammar (RFC 8259), or null when it is JSON. Browsers'
 * JSON.parse messages differ and often omit the position, so one scan here finds it, without
 * recursion (a deep nesting cannot overflow the stack) and in one linear pass.
 */
export function jsonProblem(text: string): JsonProblem | null {
  try {
    JSON.parse(text);
    return null;
  } catch {}
  let i = 0;
  const open: ("}" | "]")[] = [];
  let state: "value" | "after" | "name" = "value";
  const at = (expected: string): JsonProblem => {
    const before = text.slice(0, i);
    const lineStart = before.lastIndexOf("\n") + 1;
    return { line: before.split("\n").length, column: i - lineStart + 1, expected };
  };
  /** Reads a string at i (a quote); null when it is whole, else what it lacks. */
  const string = (): string | null => {
    for (i++; i < text.length; i++) {
      const c = text[i]!;
      if (c === '"') {
        i++;
        return null;
      }
      if (c === "\\") {
        const escape = text[i + 1];
        if (escape === "u" && HEX.test(text.slice(i + 2, i + 6))) i += 5;
        else if (escape !== undefined && ESCAPES.has(escape)) i++;
        else return "an escape such as \\n, \\\" or \\u00e9";
      } else if (c < " ") return 'a closing quote (a line break inside a string is written \\n)';
    }
    return "a closing quote";
  };

  for (;;) {
    while (i < text.length && SPACE.has(text[i]!)) i++;
    const c = text[i];
    if (state === "value") {
      if (c === "{" || c === "[") {
        i++;
        while (i < text.length && SPACE.has(text[i]!)) i++;
        const close = c === "{" ? "}" : "]";
        if (text[i] === close) {
          i++;
          state = "after";
        } else {
          open.push(close);
          state = close === "}" ? "name" : "value";
        }
      } else if (c === '"') {
        const lacking = string();
        if (lacking) return at(lacking);
        state = "after";
      } else {
        const literal = ["true", "false", "null"].find((word) => text.startsWith(word, i));
        NUMBER.lastIndex = i;
        const number = literal ? null : NUMBER.exec(text);
        if (!literal && !number) return at('a value (a number, "text" in double quotes, true, false, null, { or [)');
        i += literal ? literal.length : number![0].length;
        state = "after";
      }
    } else if (state === "name") {
      if (c !== '"') return at("a name in double quotes");
      const lacking = string();
      if (lacking) return at(lacking);
      while (i < text.length && SPACE.has(text[i]!)) i++;
      if (text[i] !== ":") return at('":"');
      i++;
      state = "value";
    } else {
      const close = open.at(-1);
      if (!close) return i < text.length ? at("the end of the text") : null;
      if (c === ",") {
        i++;
        state = close === "}" ? "name" : "value";
      } else if (c === close) {
        i++;
        open.pop();
      } else return at(`"," or "${close}"`);
    }
  }
}
