// @module-tag shared
import { describe, expect, it } from "vitest";
import { notModified, preconditionOf } from "@/server/http/conditional";
import { cpuMark, cpuMsSince } from "../support/cpu-time";

const withHeader = (name: string, value: string) => new Request("http://inkstone.test/api/v1/books/b", { headers: { [name]: value } });

/**
 * The conditional headers are read on the request thread, from whatever a client sends: a list of
 * entity tags is read in one pass. Its element pattern once let the spaces before a tag and the
 * spaces after an absent one share a run, so a tag, a comma and a long run of spaces before a
 * non-tag took time in the square of the run: 16 KB (a header's most) was 111 ms, 200 KB seconds.
 */
describe("conditional request headers", () => {
  it("read a list of entity tags as RFC 9110 writes it, and refuse what is not one", () => {
    expect(preconditionOf(withHeader("if-match", '"a", W/"b" ,"c"'))).toEqual({ ifMatch: ['"a"', 'W/"b"', '"c"'] });
    expect(preconditionOf(withHeader("if-match", "*"))).toEqual({ ifMatch: "*" });
    expect(() => preconditionOf(withHeader("if-match", '"a", b'))).toThrow(/If-Match must be/);
    expect(notModified(withHeader("if-none-match", 'W/"x", "y"'), { etag: '"y"' })).toBe(true);
  });

  it("read a hostile list in time linear in its length", () => {
    const hostile = `"a",${" ".repeat(200_000)}x`;
    const started = cpuMark();
    expect(() => preconditionOf(withHeader("if-match", hostile))).toThrow(/If-Match must be/);
    expect(notModified(withHeader("if-none-match", hostile), { etag: '"a"' })).toBe(false);
    expect(cpuMsSince(started)).toBeLessThan(200);
  });
});
