import { expect, inject, it } from "vitest";

it("answers an unknown API version with 404 in the error envelope", async () => {
  const response = await fetch(`${inject("baseUrl")}/v2/api/books`);
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ code: 40400, msg: expect.any(String), error: "not_found" });
});
