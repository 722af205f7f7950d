// @module-tag postgres
// Issue 32 item 1 (decision 0504): the interface language is the writer's choice, saved on the
// account, or else the browser's; the API answers it and refuses what Inkstone does not speak.
import { describe, expect, it } from "vitest";
import { expectFailure, expectSuccess, get, patch } from "../support/http-client";
import { signUp } from "../support/http-users";

const localeOf = async (token: string) => ((await get("/api/v1/users/me", token)).body as { data: { locale: unknown } }).data.locale;

describe("the interface language", () => {
  it("is chosen on the account, returned to the browser's with null, and refused when Inkstone does not speak it", async () => {
    const writer = await signUp("chooses-a-language");
    expect(await localeOf(writer.token)).toBeNull();

    expect(expectSuccess(await patch("/api/v1/users/me", writer.token, { locale: "zh-CN" }), 201)).toMatchObject({ email: writer.email, locale: "zh-CN" });
    expect(await localeOf(writer.token)).toBe("zh-CN");

    expect(expectFailure(await patch("/api/v1/users/me", writer.token, { locale: "fr" }), 422, "validation_failed")).toEqual([
      expect.objectContaining({ path: "locale" }),
    ]);
    expectFailure(await patch("/api/v1/users/me", writer.token, { locale: "zh-CN", theme: "dark" }), 422, "validation_failed");
    expectFailure(await patch("/api/v1/users/me", null, { locale: "en" }), 401, "unauthenticated");
    expect(await localeOf(writer.token)).toBe("zh-CN");

    expect(expectSuccess(await patch("/api/v1/users/me", writer.token, { locale: null }), 201)).toMatchObject({ locale: null });
    expect(await localeOf(writer.token)).toBeNull();
  });

  it("of a page no one is signed in to follows the browser's Accept-Language", async () => {
    const page = async (acceptLanguage?: string) =>
      (await get("/sign-in", null, { accept: "text/html", ...(acceptLanguage && { "accept-language": acceptLanguage }) })).text;
    expect(await page("zh-CN,zh;q=0.9,en;q=0.8")).toMatch(/<html lang="zh-CN"/);
    expect(await page("zh-TW,zh;q=0.9")).toMatch(/<html lang="zh-CN"/);
    expect(await page("en-GB,en;q=0.9")).toMatch(/<html lang="en"/);
    expect(await page("fr-FR")).toMatch(/<html lang="en"/);
    expect(await page()).toMatch(/<html lang="en"/);
  });
});
