// @module-tag shared
import { describe, expect, it } from "vitest";
import { problemsIn } from "@/app/_components/problem";
import { failureSentence } from "@/app/(writer)/books/_components/transfer";
import { MESSAGES } from "@/i18n/catalog";
import { MAX_CHAPTER_BYTES } from "@/server/chapters/limits.mjs";

const english = problemsIn("en");
const { describeAnswer, describeProblem, networkProblem } = english;
const ERROR_SENTENCES = MESSAGES.en.errors.code;
const UNREACHABLE_SENTENCE = MESSAGES.en.errors.unreachable;

// One client-side way to explain a failure (issue 18 item 9): a tRPC error, a REST answer (fetch or
// XHR, with the API's envelope or a bare status), or no answer at all, through one module.
describe("the problem module", () => {
  it("speaks the page's language: the code's sentence, the limit and the editor's words from the catalog (decision 0504)", () => {
    const chinese = problemsIn("zh-CN");
    expect(chinese.describeAnswer(409, { error: "version_conflict" }).message).toBe(MESSAGES["zh-CN"].errors.code.version_conflict);
    expect(chinese.describeAnswer(413, { error: "payload_too_large", details: { maxBytes: 32 * 1024 * 1024 } }).message).toBe("内容太大，无法一次发送：这里最多接收 32 MiB。");
    expect(chinese.networkProblem({ autosave: true }).message).toBe(MESSAGES["zh-CN"].errors.autosave.network);
    expect(chinese.describeAnswer(500, null, { unsent: true }).message).toBe(`${MESSAGES["zh-CN"].errors.code.internal} ${MESSAGES["zh-CN"].errors.textKept}`);
    expect(chinese.sentence("book_in_trash")).toBe("这本书在回收站中。恢复后才能打开或修改。");
    // The server's own message is English, for programs: a Chinese page does not add it.
    expect(chinese.describeAnswer(409, { error: "version_conflict", msg: "The chapter is at version 4." }, { withDetail: "all" }).message).toBe(MESSAGES["zh-CN"].errors.code.version_conflict);
  });

  it("explains a tRPC error by its business code, with the form's own field names", () => {
    const error = { data: { error: "validation_failed", httpStatus: 422, details: [{ path: "changes.title", message: "must not be empty" }] } };
    expect(describeProblem(error, "changes.")).toEqual({
      code: "validation_failed",
      status: 422,
      message: ERROR_SENTENCES.validation_failed,
      fields: { title: "must not be empty" },
      details: error.data.details,
    });
  });

  it("says the server could not be reached when a call got no answer, over tRPC, fetch or XHR alike", () => {
    expect(describeProblem(new TypeError("Failed to fetch"))).toMatchObject({ code: "network", status: 0, message: UNREACHABLE_SENTENCE });
    expect(networkProblem().message).toBe(UNREACHABLE_SENTENCE);
  });

  it("reads a bare status when the answer has no envelope (a proxy's page)", () => {
    expect(describeAnswer(413, null)).toMatchObject({ code: "payload_too_large", message: ERROR_SENTENCES.payload_too_large });
    expect(describeAnswer(401, "<html>")).toMatchObject({ code: "unauthenticated" });
    expect(describeAnswer(502, null)).toMatchObject({ code: "internal", message: ERROR_SENTENCES.internal });
  });

  it("names the limit that refused a body, from the server's maxBytes", () => {
    const answer = { error: "payload_too_large", msg: "The body is larger than this endpoint accepts (33619968 bytes).", details: { maxBytes: 32 * 1024 * 1024 } };
    expect(describeAnswer(413, answer).message).toBe("That is too large to send in one piece: Inkstone takes at most 32 MiB here.");
    expect(describeAnswer(413, answer, { withDetail: "all" }).message).toBe("That is too large to send in one piece: Inkstone takes at most 32 MiB here.");
  });

  it("in the editor, names the chapter limit from MAX_CHAPTER_BYTES and says the text is kept", () => {
    const message = describeAnswer(413, { error: "payload_too_large" }, { autosave: true, unsent: true }).message;
    expect(message).toContain(`at most ${MAX_CHAPTER_BYTES / 1024 / 1024} MiB of text`);
    expect(message).toMatch(/Your text is kept in this browser\.$/);
    expect(networkProblem({ autosave: true }).message).toBe("Inkstone cannot reach the server. Your text will be sent when the connection returns.");
  });

  it("adds the fields' messages where no form shows them, and the server's message only when asked", () => {
    const answer = { error: "validation_failed", msg: "The request has invalid fields.", details: [{ path: "content", message: "is longer than a chapter may be" }] };
    expect(describeAnswer(422, answer, { autosave: true, withDetail: "fields" }).message).toBe("Some of this cannot be saved. (content: is longer than a chapter may be)");
    const conflict = { error: "version_conflict", msg: "The chapter is at version 4." };
    expect(describeAnswer(409, conflict, { withDetail: "fields" }).message).toBe(ERROR_SENTENCES.version_conflict);
    expect(describeAnswer(409, conflict, { withDetail: "all" }).message).toBe(`${ERROR_SENTENCES.version_conflict} (The chapter is at version 4.)`);
  });

  it("explains an import or export the same way, a failed job's own reason included", () => {
    const failedJob = { status: 422, body: { error: "job_abandoned", msg: "The converter stopped." }, blob: null, fileName: null };
    expect(failureSentence(failedJob, english)).toBe(`${ERROR_SENTENCES.internal} (The converter stopped.)`);
    const mismatch = { status: 422, body: { error: "format_mismatch", msg: "The file is not a DOCX." }, blob: null, fileName: null };
    expect(failureSentence(mismatch, english)).toBe(`${ERROR_SENTENCES.format_mismatch} (The file is not a DOCX.)`);
  });

  it("says a text file's encoding problem once: the sentence the gist, the server's message what was tried (issue 32)", () => {
    const msg = "The text is in none of the encodings Inkstone reads (UTF-8, UTF-16 with a byte-order mark, GB18030/GBK, Big5); save it as UTF-8 and try again.";
    const sentence = failureSentence({ status: 422, body: { error: "invalid_encoding", msg }, blob: null, fileName: null }, english);
    expect(sentence).toBe(`Inkstone cannot tell how that text file is encoded. (${msg})`);
    expect(sentence.match(/save it as UTF-8/gi)).toHaveLength(1);
  });
});
