import { describe, expect, it, vi } from "vitest";
import { writeHere } from "@/server/convert/engine/run";
import { AppError } from "@/server/errors";

// A writer library that overflows its stack on some text (marked did on 10,000 nested quotes).
vi.mock("@/server/convert/engine/writers/text", () => ({
  writeText: () => {
    throw new RangeError("Maximum call stack size exceeded");
  },
}));

describe("a writer that cannot write a document", () => {
  it("is the caller's 422 document_too_complex, never an internal error (issue 16, item 7)", async () => {
    const failure = await writeHere({ chapters: [{ title: "Deep", markdown: "> ".repeat(10) }] }, "txt").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ code: "document_too_complex", status: 422 });
    expect((failure as AppError).message).toContain("Plain text");
  });
});
