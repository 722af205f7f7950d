// @module-tag shared
import { describe, expect, it } from "vitest";
import { jsonProblem } from "@/app/(writer)/templates/_components/json-problem";

// The template editor names where a section's parameters stop being JSON (issue 17 item 7).
describe("jsonProblem", () => {
  it("finds nothing wrong with JSON", () => {
    for (const text of ["{}", "[]", ' { "a" : [1, -2.5e3, true, false, null, "x\\u00e9\\n"] } ', "3", '""']) expect(jsonProblem(text), text).toBeNull();
  });

  it("names the line and column where the text stops being JSON, and what was needed there", () => {
    expect(jsonProblem('{\n  "limit": 3,\n  oops\n}')).toEqual({ line: 3, column: 3, expected: "a name in double quotes" });
    expect(jsonProblem('{"a": 1 "b": 2}')).toEqual({ line: 1, column: 9, expected: '"," or "}"' });
    expect(jsonProblem("[1, 2,]")).toMatchObject({ line: 1, column: 7, expected: expect.stringMatching(/^a value/) });
    expect(jsonProblem('{"a" 1}')).toEqual({ line: 1, column: 6, expected: '":"' });
    expect(jsonProblem("{} x")).toEqual({ line: 1, column: 4, expected: "the end of the text" });
    expect(jsonProblem("")).toMatchObject({ line: 1, column: 1 });
  });

  it("places unfinished text at its end, and a bad escape or raw line break in a string where it is", () => {
    expect(jsonProblem('{\n  "a": [1,\n')).toMatchObject({ line: 3, column: 1 });
    expect(jsonProblem('{"a": "open')).toEqual({ line: 1, column: 12, expected: "a closing quote" });
    expect(jsonProblem('["\\x"]')).toMatchObject({ line: 1, column: 3 });
    expect(jsonProblem('["one\ntwo"]')).toMatchObject({ line: 1, column: 6 });
  });

  it("scans a deep nesting without recursion", () => {
    expect(jsonProblem("[".repeat(200_000))).toMatchObject({ line: 1, column: 200_001 });
  });
});
