import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { editorText, expectSaved, newBook, newChapter, toEnd } from "./editor-support";
import { newWriter, SIGNED_OUT, signUpViaUi } from "./support";

// Issue 22's pages: the goals in Settings, the editor's session bar and server-counted day, the
// Progress page's heat map, and the book page's release planner. Each test has a writer of its
// own: goals, the ledger and the day's total are the writer's, and other tests write in parallel.
test.use({ storageState: SIGNED_OUT });

async function freshWriter(page: Page, label: string): Promise<void> {
  await signUpViaUi(page, newWriter(label));
  await expect(page).toHaveURL("/books");
}

/** Today as the server counts it for a writer in `timeZone`. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone }).format(new Date());

async function setGoals(page: Page, goals: { daily?: string; session?: string }): Promise<void> {
  await page.goto("/settings/goals");
  if (goals.daily !== undefined) await page.getByLabel("Daily goal").fill(goals.daily);
  if (goals.session !== undefined) await page.getByLabel("Session goal").fill(goals.session);
  await page.getByRole("button", { name: "Save goals" }).click();
  // Leaving before the answer would cancel the save: the goal would never be set.
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
}

test.describe("in Shanghai", () => {
  test.use({ timezoneId: "Asia/Shanghai" });

  test("Settings offer this browser's time zone without setting it, refuse a goal of 0 and keep the goals", async ({ page }) => {
    await freshWriter(page, "goals-settings");
    await page.getByRole("link", { name: "Goals", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Goals" })).toBeVisible();
    // Offered, not set: the server still counts the writer's days in UTC until they say so.
    await expect(page.getByText("This browser is in Asia/Shanghai.")).toBeVisible();
    await expect(page.getByLabel("Time zone")).toHaveValue("UTC");
    await page.getByRole("button", { name: "Use Asia/Shanghai" }).click();
    await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Shanghai");
    await expect(page.getByText("This browser is in Asia/Shanghai.")).toHaveCount(0);

    await page.getByLabel("Daily goal").fill("0");
    await page.getByRole("button", { name: "Save goals" }).click();
    await expect(page.locator('[id^="field-dailyGoal-"][id$="-error"]')).toBeVisible();
    await expect(page.getByLabel("Daily goal")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Daily goal").fill("1,500");
    await page.getByLabel("Session goal").fill("400");
    await page.getByRole("checkbox", { name: "Sunday" }).check();
    await page.getByLabel("Minimum buffer (days)").fill("7");
    await page.getByRole("button", { name: "Save goals" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Time zone")).toHaveValue("Asia/Shanghai");
    await expect(page.getByLabel("Daily goal")).toHaveValue("1500");
    await expect(page.getByLabel("Session goal")).toHaveValue("400");
    await expect(page.getByRole("checkbox", { name: "Sunday" })).toBeChecked();
    await expect(page.getByRole("checkbox", { name: "Monday" })).not.toBeChecked();
    await expect(page.getByLabel("Minimum buffer (days)")).toHaveValue("7");
  });
});

test("the session bar moves while typing, and is not there without a session goal", async ({ page }) => {
  await freshWriter(page, "goals-session");
  const chapter = await newChapter(page.request, "");
  await page.goto(chapter.path);
  await expect(editorText(page)).toBeVisible();
  const bar = page.getByRole("progressbar", { name: "Session goal" });
  await expect(page.getByTestId("today-count")).toHaveText("+0 today");
  await expect(bar).toHaveCount(0);

  await setGoals(page, { session: "10" });
  await page.goto(chapter.path);
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  await expect(bar).toHaveAttribute("aria-valuemax", "10");
  await editorText(page).click();
  await page.keyboard.type("One two three four");
  await expect(bar).toHaveAttribute("aria-valuenow", "4");
  await expect(page.getByText("4 / 10 session")).toBeVisible();
  await page.keyboard.type(" five six seven");
  await expect(bar).toHaveAttribute("aria-valuenow", "7");
  await expect(bar).toHaveAttribute("aria-valuetext", "7 words of 10 this session");

  // The session is this tab's: a reload keeps it, Restart counts afresh from here.
  await expectSaved(page);
  await page.reload();
  await expect(bar).toHaveAttribute("aria-valuenow", "7");
  await page.getByRole("button", { name: "Restart" }).click();
  await expect(bar).toHaveAttribute("aria-valuenow", "0");

  // One rule for every counter (issue 33 item 5): deleting counts against the day and the session.
  await toEnd(page);
  for (let i = 0; i < " seven".length; i++) await page.keyboard.press("Backspace");
  await expect(page.getByTestId("today-count")).toHaveText("+6 today");
  await expect(page.getByText("\u22121 / 10 session")).toBeVisible();
  await expect(bar).toHaveAttribute("aria-valuenow", "0");
  await expectSaved(page);
  await page.reload();
  await expect(page.getByTestId("today-count")).toHaveText("+6 today");
  await expect(page.getByText("\u22121 / 10 session")).toBeVisible();
});

test("today's words are the server's, from every device, in CJK too; the heat map and CSV show them", async ({ page, browser, baseURL }) => {
  await freshWriter(page, "goals-today");
  const [chapter] = await newBook(page.request, [{ title: "第一章", content: "" }]);
  await page.goto(chapter!.path);
  const today = page.getByTestId("today-count");
  await expect(today).toHaveText("+0 today");
  await toEnd(page);
  await page.keyboard.type("The rain came at dusk.");
  await expectSaved(page);
  await expect(today).toHaveText("+5 today");

  // A second device (another browser context with the same session) sees the day's total, and its
  // writing adds to the first's.
  const other = await browser.newContext({ baseURL, storageState: await page.context().storageState() });
  const tablet = await other.newPage();
  await tablet.goto(chapter!.path);
  await expect(tablet.getByTestId("today-count")).toHaveText("+5 today");
  await toEnd(tablet);
  await tablet.keyboard.press("Enter");
  await tablet.keyboard.type("我们明天再走吧。");
  await expectSaved(tablet);
  await expect(tablet.getByTestId("today-count")).toHaveText("+12 today");
  await other.close();

  await page.goto("/progress");
  const date = todayIn("UTC");
  await expect(page.getByTestId("today-written")).toHaveText("12 words");
  const heatMap = page.getByRole("img", { name: /^Words per day/ });
  await expect(heatMap).toHaveAttribute("aria-label", /1 day with writing; today 12 words/);
  await expect(heatMap).toHaveAttribute("data-today-written", "12");
  // The chart draws today's square (echarts' SVG), and the table says the same in text.
  await expect(heatMap.locator("svg path").first()).toBeAttached();
  await page.getByText(/^The days as a table/).click();
  const row = page.getByRole("table", { name: "Words per day" }).getByRole("row").nth(1);
  // A day as every English page writes one (decision 0516): "Tue, Mar 3, 2026".
  await expect(row.getByRole("rowheader")).toHaveText(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await expect(row.getByRole("rowheader")).toHaveText(new Intl.DateTimeFormat("en", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" }).format(new Date(`${date}T12:00:00Z`)));
  await expect(row.getByRole("cell").first()).toHaveText("12");
  await page.screenshot({ path: "test-results/goals-progress.png", fullPage: true });

  const csv = await page.request.get((await page.getByRole("link", { name: "Download CSV" }).getAttribute("href"))!);
  expect(csv.status()).toBe(200);
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe("date,written,removed,imported,restored,net");
  expect(lines).toContain(`${date},12,0,0,0,12`);
});

test("the planner dates chapters by a cadence, marks one released, and warns when the buffer is under the minimum", async ({ page }) => {
  await freshWriter(page, "goals-planner");
  const chapters = await newBook(page.request, [
    { title: "Arrival", content: "They came by sea." },
    { title: "The Market", content: "Salt and silver." },
    { title: "Night Watch", content: "Nobody slept." },
  ]);
  const bookId = chapters[0]!.bookId;
  const start = todayIn("UTC");
  const dayAfter = (n: number) => {
    const d = new Date(`${start}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  await page.goto(`/books/${bookId}`);
  const plan = page.getByRole("region", { name: "Release plan" });
  await plan.getByLabel("Cadence").selectOption("daily");
  await plan.getByLabel("First release").fill(start);
  await plan.getByLabel("Minimum buffer (days)").fill("3");
  await plan.getByRole("button", { name: "Plan releases" }).click();

  await expect(plan.getByLabel("Release date of Arrival")).toHaveValue(start);
  await expect(plan.getByLabel("Release date of The Market")).toHaveValue(dayAfter(1));
  await expect(plan.getByLabel("Release date of Night Watch")).toHaveValue(dayAfter(2));
  const buffer = plan.getByTestId("buffer");
  await expect(buffer).toContainText("3 chapters written ahead, 3 days of releases");
  await expect(buffer).not.toContainText("Under your minimum");
  // The month shows the plan.
  await expect(plan.getByRole("table", { name: /^Releases in/ })).toContainText("Arrival");

  await expect(plan.getByRole("checkbox", { name: "The Market released" })).not.toBeChecked();
  await plan.getByRole("checkbox", { name: "Arrival released" }).check();
  await expect(plan.getByRole("checkbox", { name: "Arrival released" })).toBeChecked();
  await expect(buffer).toContainText("2 chapters written ahead, 2 days of releases");
  await expect(buffer).toContainText("Under your minimum of 3 days");

  await page.reload();
  await expect(plan.getByRole("checkbox", { name: "Arrival released" })).toBeChecked();
  await expect(plan.getByTestId("buffer")).toContainText("Under your minimum of 3 days");

  // A chapter moved to the trash leaves the plan at once, without a reload (issue 33 item 6).
  await page.getByRole("button", { name: "Delete “Night Watch”" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Move to trash" }).click();
  await expect(plan.getByLabel("Release date of Night Watch")).toHaveCount(0);
  await expect(plan.getByTestId("buffer")).toContainText("1 chapter written ahead");
});

test("the planner releases two chapters a day at 08:00 and 20:00, shows the buffer in days and chapters, and the release streak (issue 32 item 7)", async ({ page }) => {
  await freshWriter(page, "goals-serial");
  const chapters = await newBook(page.request, [
    { title: "第一章", content: "天色将明。" },
    { title: "第二章", content: "城门未开。" },
    { title: "第三章", content: "客栈无人。" },
    { title: "第四章", content: "雨落长街。" },
  ]);
  const bookId = chapters[0]!.bookId;
  const today = todayIn("UTC");
  const dayAfter = (n: number) => {
    const d = new Date(`${today}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() + n);
    return d.toISOString().slice(0, 10);
  };
  await page.goto(`/books/${bookId}`);
  const plan = page.getByRole("region", { name: "Release plan" });
  await plan.getByLabel("Cadence").selectOption("daily");
  await plan.getByLabel("Release times").fill("20:00, 08:00");
  await plan.getByLabel("First release").fill(dayAfter(1));
  await plan.getByLabel("Minimum buffer (days)").fill("3");
  await plan.getByRole("button", { name: "Plan releases" }).click();
  // Out of order: the field says so and nothing is planned.
  await expect(plan.getByLabel("Release times")).toHaveAttribute("aria-invalid", "true");
  await expect(plan.getByText("release times go earliest first, each once")).toBeVisible();
  await expect(plan.getByLabel("Release date of 第一章")).toHaveValue("");

  await plan.getByLabel("Release times").fill("08:00, 20:00");
  await plan.getByRole("button", { name: "Plan releases" }).click();
  await expect(plan.getByLabel("Release date of 第一章")).toHaveValue(dayAfter(1));
  await expect(plan.getByLabel("Chapters a release day")).toHaveValue("2");
  const expected = [
    [dayAfter(1), "08:00"],
    [dayAfter(1), "20:00"],
    [dayAfter(2), "08:00"],
    [dayAfter(2), "20:00"],
  ];
  for (const [i, [date, time]] of expected.entries()) {
    await expect(plan.getByLabel(`Release date of 第${"一二三四"[i]}章`)).toHaveValue(date!);
    await expect(plan.getByLabel(`Release time of 第${"一二三四"[i]}章`)).toHaveValue(time!);
  }
  const buffer = plan.getByTestId("buffer");
  // Four chapters at two a day from tomorrow: two days, not three.
  await expect(buffer).toContainText("4 chapters written ahead, 2 days of releases");
  await expect(buffer).toContainText("Under your minimum of 3 days (6 chapters): write 2 more chapters ahead");
  await expect(plan.getByTestId("release-streak")).toContainText("0 release days in a row");
  // A release's time as every English page writes a time (decision 0516).
  await expect(plan.getByRole("table", { name: /^Releases in/ })).toContainText("8:00 AM 第一章");
  await expect(plan.getByRole("table", { name: /^Releases in/ })).toContainText("8:00 PM 第二章");
  await plan.screenshot({ path: "test-results/goals-release-plan.png" });

  // The first chapter goes out today instead, at 07:30.
  await plan.getByLabel("Release date of 第一章").fill(today);
  await plan.getByLabel("Release time of 第一章").focus();
  await expect(plan.getByLabel("Release date of 第一章")).toHaveValue(today);
  await plan.getByLabel("Release time of 第一章").fill("07:30");
  await plan.getByRole("checkbox", { name: "第一章 released" }).focus();
  await expect(plan.getByLabel("Release time of 第一章")).toHaveValue("07:30");
  await plan.getByRole("checkbox", { name: "第一章 released" }).check();
  await expect(plan.getByTestId("release-streak")).toContainText("1 release day in a row");
  await expect(buffer).toContainText("3 chapters written ahead, 1 day of releases");
  await expect(buffer).toContainText("(6 chapters): write 3 more chapters ahead");

  await page.reload();
  await expect(plan.getByLabel("Release times")).toHaveValue("08:00, 20:00");
  await expect(plan.getByLabel("Release time of 第一章")).toHaveValue("07:30");
  await expect(plan.getByTestId("release-streak")).toContainText("1 release day in a row");
  await plan.screenshot({ path: test.info().outputPath("serial-planner.png") });
});
