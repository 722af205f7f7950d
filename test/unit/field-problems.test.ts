// @module-tag shared
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problemsIn } from "@/app/_components/problem";
import { formWords } from "@/app/_components/form-words";
import { MESSAGES } from "@/i18n/catalog";
import { createBookInput } from "@/server/books/schemas";
import { chapterTitle } from "@/server/chapters/schemas";
import { AppError, FIELD_KEYS, fieldCheck, fieldProblems, inputProblems, refusedField } from "@/server/errors";
import { updateGoalSettingsInput } from "@/server/goals/schemas";
import { setReleasePlanInput } from "@/server/releases/schemas";

const chinese = problemsIn("zh-CN");
const english = problemsIn("en");
const GENERIC = MESSAGES["zh-CN"].errors.field.invalid;

/** The details a failed parse of `value` answers with, as the API sends them. */
function detailsOf(schema: z.ZodType, value: unknown) {
  const parsed = schema.safeParse(value);
  if (parsed.success) throw new Error("the value parsed");
  return JSON.parse(JSON.stringify(inputProblems(parsed.error.issues).details)) as ReturnType<typeof fieldProblems>;
}

/** Each kind of zod issue: the schema, a value it refuses, what the details say it means, and the words a Chinese page gives it. */
const KINDS: [string, z.ZodType, unknown, object, string][] = [
  ["an empty string", z.object({ title: z.string().min(1, "a book needs a title") }), { title: "" }, { code: "too_small", origin: "string", minimum: 1, inclusive: true }, "不能为空"],
  ["a short string", z.object({ password: z.string().min(8) }), { password: "abc" }, { code: "too_small", origin: "string", minimum: 8, inclusive: true }, "至少 8 个字符"],
  ["a long string", z.object({ title: z.string().max(200) }), { title: "x".repeat(201) }, { code: "too_big", origin: "string", maximum: 200, inclusive: true }, "不能超过 200 个字符"],
  ["a string of the wrong length", z.object({ pin: z.string().length(6) }), { pin: "123" }, { code: "too_small", origin: "string", minimum: 6, inclusive: true, exact: true }, "必须是 6 个字符"],
  ["a large number", z.object({ goal: z.int().max(1_000_000) }), { goal: 2_000_000 }, { code: "too_big", origin: "number", maximum: 1_000_000, inclusive: true }, "不能大于 1,000,000"],
  ["a small number", z.object({ goal: z.int().min(1) }), { goal: 0 }, { code: "too_small", origin: "number", minimum: 1, inclusive: true }, "不能小于 1"],
  ["a number not above its limit", z.object({ ratio: z.number().gt(0) }), { ratio: 0 }, { code: "too_small", origin: "number", minimum: 0, inclusive: false }, "必须大于 0"],
  ["too many items", z.object({ tags: z.array(z.string()).max(3) }), { tags: ["a", "b", "c", "d"] }, { code: "too_big", origin: "array", maximum: 3, inclusive: true }, "最多 3 项"],
  ["too few items", z.object({ tags: z.array(z.string()).min(1) }), { tags: [] }, { code: "too_small", origin: "array", minimum: 1, inclusive: true }, "至少 1 项"],
  ["text for a whole number", z.object({ goal: z.int("a goal is a whole number of words") }), { goal: "lots" }, { code: "invalid_type", expected: "number" }, "必须是数字"],
  ["a fraction for a whole number", z.object({ goal: z.int() }), { goal: 1.5 }, { code: "invalid_type", expected: "int" }, "必须是整数"],
  ["text for a number", z.object({ ratio: z.number() }), { ratio: "half" }, { code: "invalid_type", expected: "number" }, "必须是数字"],
  ["a missing string", z.object({ name: z.string() }), {}, { code: "invalid_type", expected: "string" }, "此项必填"],
  ["an e-mail address", z.object({ email: z.email() }), { email: "nobody" }, { code: "invalid_format", format: "email" }, "请输入有效的邮箱地址"],
  ["a web address", z.object({ url: z.url() }), { url: "nowhere" }, { code: "invalid_format", format: "url" }, "请输入有效的网址（https://…）"],
  ["a pattern", z.object({ colour: z.string().regex(/^#[0-9a-f]{6}$/, "a colour is #rrggbb") }), { colour: "red" }, { code: "invalid_format", format: "regex" }, "格式不对"],
  ["a choice", z.object({ status: z.enum(["drafting", "finished"]) }), { status: "lost" }, { code: "invalid_value", values: ["drafting", "finished"] }, "不是可选的值"],
  ["a multiple", z.object({ step: z.int().multipleOf(5) }), { step: 7 }, { code: "not_multiple_of", divisor: 5 }, "必须是 5 的倍数"],
  ["an unknown attribute", z.strictObject({ title: z.string() }), { title: "T", colour: "red" }, { code: "unrecognized_keys", keys: ["colour"] }, "不是可用的项"],
  ["a check of ours", z.object({ day: z.string().refine(() => false, fieldCheck("calendarDay", "not a day of the calendar")) }), { day: "2026-02-30" }, { code: "custom", key: "calendarDay" }, "日历上没有这一天"],
  ["a check of ours with what it names", z.object({ when: z.string().refine(() => false, fieldCheck("releaseTimesCount", "name one time per chapter", { count: 3 })) }), { when: "x" }, { code: "custom", key: "releaseTimesCount", params: { count: 3 } }, "每天几章就写几个时间（3 个），或者都不写"],
  ["a check without a key", z.object({ note: z.string().refine(() => false, "no good") }), { note: "x" }, { code: "custom" }, GENERIC],
];

describe("field problems carry what they mean, and pages word them (decision 0515)", () => {
  it.each(KINDS)("%s: its zod code and limits in the details, a specific Chinese sentence, the API's own English", (_kind, schema, value, meaning, sentence) => {
    const details = detailsOf(schema, value);
    expect(details).toHaveLength(1);
    const [problem] = details;
    expect(problem).toEqual({ path: expect.any(String), message: expect.any(String), ...meaning });
    // Nothing of what was sent comes back.
    expect(JSON.stringify(problem)).not.toContain("lots");
    expect(chinese.fieldsOf(details)).toEqual({ [problem!.path]: sentence });
    expect(english.fieldsOf(details)).toEqual({ [problem!.path]: problem!.message });
  });

  it("words the API's own schemas: a book's title and target, a chapter's title, goals, release times", () => {
    const book = detailsOf(createBookInput, { title: "x".repeat(201), targetWordCount: "lots" });
    expect(chinese.fieldsOf(book)).toMatchObject({ title: "不能超过 200 个字符", targetWordCount: "必须是数字" });
    expect(english.fieldsOf(book)).toMatchObject({ title: "a title can be at most 200 characters", targetWordCount: "a target is a whole number of words" });
    expect(chinese.fieldsOf(detailsOf(chapterTitle, "   "))).toEqual({ "(body)": "不能为空" });
    expect(chinese.fieldsOf(detailsOf(updateGoalSettingsInput, { timeZone: "UTC", dailyGoal: "很多", sessionGoal: null, daysOff: [], minimumBufferDays: null }))).toEqual({ dailyGoal: "必须是数字" });
    const plan = { cadence: "daily", startDate: null, minimumBufferDays: null };
    expect(chinese.fieldsOf(detailsOf(setReleasePlanInput, { ...plan, releaseTimes: ["20:00", "08:00"] }))).toEqual({ releaseTimes: "发布时间须从早到晚排列，且不能重复" });
    expect(chinese.fieldsOf(detailsOf(setReleasePlanInput, { ...plan, releasesPerDay: 2, releaseTimes: ["08:00"] }))).toEqual({ releaseTimes: "每天几章就写几个时间（2 个），或者都不写" });
    expect(chinese.fieldsOf(detailsOf(setReleasePlanInput, { ...plan, startDate: "3000-01-01" }))).toEqual({ startDate: "不能晚于 2999-12-31" });
  });

  it("words a use case's refusal by its key, and one without a key in a generic sentence (Chinese) or its own words (English)", () => {
    const details = [refusedField("currentPassword", "notYourPassword", "is not your password"), { path: "cover", message: "this book has no cover" }];
    expect(chinese.fieldsOf(details)).toEqual({ currentPassword: "密码不对", cover: GENERIC });
    expect(english.fieldsOf(details)).toEqual({ currentPassword: "is not your password", cover: "this book has no cover" });
    const named = [refusedField("aliases", "nameRepeated", '"Lyra" is named twice', { name: "Lyra" })];
    expect(chinese.fieldsOf(named)).toEqual({ aliases: "“Lyra”写了两次" });
  });

  it("words the fields the same way over tRPC, REST and a server action", () => {
    const details = detailsOf(z.object({ title: z.string().max(200) }), { title: "x".repeat(201) });
    const rpc = chinese.describeProblem({ data: { error: "validation_failed", httpStatus: 422, details } }, "changes.");
    const rest = chinese.describeAnswer(422, { error: "validation_failed", msg: "Some fields are not valid.", details });
    expect(rpc?.fields).toEqual({ title: "不能超过 200 个字符" });
    expect(rest.fields).toEqual(rpc?.fields);
    const parsed = z.object({ title: z.string().max(200) }).safeParse({ title: "x".repeat(201) });
    expect(formWords("zh-CN").issues(parsed.error!.issues)).toEqual(rpc?.fields);
    expect(formWords("zh-CN").refusal(new AppError("email_taken", "An account with this e-mail already exists.", [refusedField("email", "emailTaken", "already registered")]))).toEqual({
      message: MESSAGES["zh-CN"].errors.code.email_taken,
      fields: { email: "该邮箱已注册" },
    });
    expect(formWords("en").issues(parsed.error!.issues)).toEqual({ title: parsed.error!.issues[0]!.message });
  });

  it("adds the fields' sentences where no form shows them, naming the field only on an English page", () => {
    const answer = { error: "validation_failed", details: [{ path: "title", message: "a title can be at most 200 characters", code: "too_big", origin: "string", maximum: 200 }] };
    expect(chinese.describeAnswer(422, answer, { withDetail: "fields" }).message).toBe(`${MESSAGES["zh-CN"].errors.code.validation_failed} (不能超过 200 个字符)`);
    expect(english.describeAnswer(422, answer, { withDetail: "fields" }).message).toBe(`${MESSAGES.en.errors.code.validation_failed} (title: a title can be at most 200 characters)`);
  });

  it("reads details it cannot trust without failing: an unknown code, key or limit is worded generically", () => {
    const odd = [
      { path: "a", message: "?", code: "too_big", origin: "string", maximum: "many" },
      { path: "b", message: "?", code: "custom", key: "noSuchKey" },
      { path: "c", message: "?", code: "from_the_future" },
      { path: "d", message: "?", code: "custom", key: "releaseTimesCount", params: { count: { evil: true } } },
    ];
    const fields = chinese.fieldsOf(odd);
    expect(fields).toMatchObject({ a: GENERIC, b: GENERIC, c: GENERIC });
    expect(typeof fields.d).toBe("string");
  });

  it("knows the page's language from its words when a server component does not say it", () => {
    const details = [{ path: "title", message: "a book needs a title", code: "too_small", origin: "string", minimum: 1 }];
    expect(problemsIn("zh-CN").fieldsOf(details)).toEqual({ title: "不能为空" });
    expect(problemsIn("en").fieldsOf(details)).toEqual({ title: "a book needs a title" });
  });

  it("has a sentence for every key of our own checks, in every language", () => {
    for (const key of FIELD_KEYS) {
      expect(MESSAGES.en.errors.field.custom[key], key).toBeTruthy();
      expect(MESSAGES["zh-CN"].errors.field.custom[key], key).toBeTruthy();
    }
    expect(Object.keys(MESSAGES.en.errors.field.custom).sort()).toEqual([...FIELD_KEYS].sort());
  });

  it("keeps a size limit's 413 as it was: the field, its message and maxBytes", () => {
    const schema = z.object({ content: z.string().refine((text) => text.length < 3, { message: "too large", params: { maxBytes: 2 } }) });
    const parsed = schema.safeParse({ content: "long" });
    const error = inputProblems(parsed.error!.issues);
    expect(error.code).toBe("payload_too_large");
    expect(error.details).toEqual({ path: "content", message: "too large", maxBytes: 2 });
  });
});
