import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure, expectSuccess, patch, post, put } from "../support/http-client";
import { expectTrpcError, trpcMutation } from "../support/http-trpc";
import { signUp, type Account } from "../support/http-users";

// A 422's details say what each field's problem means, as data, on every transport (decision 0515):
// zod's issue code with its limits, or the key of one of our own checks, beside the English message.
let writer: Account;
let bookId: string;
beforeAll(async () => {
  writer = await signUp("field-problems");
  bookId = expectSuccess(await post("/api/v1/books", writer.token, { title: "Fields" }), 201).id;
});

const TOO_LONG = { path: "title", message: "a title can be at most 200 characters", code: "too_big", origin: "string", maximum: 200, inclusive: true };
const NOT_A_NUMBER = { path: "targetWordCount", message: "a target is a whole number of words", code: "invalid_type", expected: "number" };

describe("validation_failed details carry each field's code and limits", () => {
  it("over REST and over tRPC alike, for a schema's checks", async () => {
    const body = { title: "x".repeat(201), targetWordCount: "lots" };
    const rest = expectFailure(await post("/api/v1/books", writer.token, body), 422, "validation_failed");
    expect(rest).toEqual(expect.arrayContaining([TOO_LONG, NOT_A_NUMBER]));
    const rpc = expectTrpcError(await trpcMutation("books.create", body, writer.token), 422, "validation_failed");
    expect(rpc).toEqual(rest);
    // A change's fields are named under the input's nesting over tRPC, as the form strips them.
    const changed = expectTrpcError(await trpcMutation("books.update", { bookId, changes: { title: "" } }, writer.token), 422, "validation_failed");
    expect(changed).toEqual([{ path: "changes.title", message: "a book needs a title", code: "too_small", origin: "string", minimum: 1, inclusive: true }]);
  });

  it("names the allowed values of a choice and the attributes not known", async () => {
    const [choice] = expectFailure(await patch(`/api/v1/books/${bookId}`, writer.token, { status: "lost" }), 422, "validation_failed") as object[];
    expect(choice).toEqual({ path: "status", message: expect.any(String), code: "invalid_value", values: ["planning", "drafting", "revising", "finished"] });
    const [unknown] = expectFailure(await post("/api/v1/books", writer.token, { title: "T", colour: "red" }), 422, "validation_failed") as object[];
    expect(unknown).toMatchObject({ code: "unrecognized_keys", keys: ["colour"] });
  });

  it("gives our own checks their key and what the key's sentence names, on both transports", async () => {
    const plan = { cadence: "daily", startDate: null, minimumBufferDays: null, releasesPerDay: 2, releaseTimes: ["08:00"] };
    const expected = [{ path: "releaseTimes", message: "name one time per chapter of the day: 2, or none", code: "custom", key: "releaseTimesCount", params: { count: 2 } }];
    expect(expectFailure(await put(`/api/v1/books/${bookId}/release-plan`, writer.token, plan), 422, "validation_failed")).toEqual(expected);
    expect(expectTrpcError(await trpcMutation("releases.setPlan", { bookId, ...plan }, writer.token), 422, "validation_failed")).toEqual(expected);
  });

  it("gives a use case's refusal of a field its key", async () => {
    const wrong = expectFailure(await put("/api/v1/users/me/password", writer.token, { currentPassword: "not-the-password", newPassword: "another password" }), 422, "validation_failed");
    expect(wrong).toEqual([{ path: "currentPassword", message: "is not your password", code: "custom", key: "notYourPassword" }]);
  });
});
