// Issue 36 item 4 (decision 0489): the owner freezes a book as a named snapshot, compares it with
// today chapter by chapter, opens one chapter's changes, restores a chapter from it (one out of the
// trash too), and compares two snapshots.
import { expect, test } from "./fixtures";
import { axe } from "./axe";
import { newBook, stored } from "./editor-support";

// axe runs as an injected script, which the pages' script policy would refuse
test.use({ bypassCSP: true });

test("the owner makes a snapshot, compares it with today, opens a chapter's changes and restores chapters from it", async ({ page }) => {
  const [one, two, three] = await newBook(page.request, [
    { title: "The Heron", content: "A heron stood still in the reeds, waiting for the fish to come." },
    { title: "The River", content: "The river ran under the old stone bridge." },
    { title: "Night", content: "Night came over the marsh." },
  ]);
  await page.goto(`/books/${one!.bookId}`);
  await page.getByRole("link", { name: "Snapshots" }).click();
  await expect(page.getByRole("heading", { name: "Snapshots", level: 1 })).toBeVisible();

  const freeze = page.getByRole("form", { name: "Make a snapshot" });
  await freeze.getByLabel("Name").fill("Draft 1 for beta");
  await freeze.getByLabel("Note (optional)").fill("The first readers' copy.");
  await freeze.getByRole("button", { name: "Make snapshot" }).click();
  await expect(freeze.getByRole("status")).toHaveText("“Draft 1 for beta” holds 3 chapters, 26 words.");
  await expect(page.getByRole("table", { name: "Snapshots" }).getByRole("row", { name: /Draft 1 for beta/ })).toBeVisible();
  // A name the book has already, letter case aside, is refused and said why.
  await freeze.getByLabel("Name").fill("draft 1 FOR beta");
  await freeze.getByRole("button", { name: "Make snapshot" }).click();
  await expect(freeze.getByText('This book has a snapshot named "Draft 1 for beta" already.')).toBeVisible();
  await expect(freeze.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");

  // The book moves on: a word added, a chapter to the trash, a new one.
  const saved = await page.request.patch(one!.api, { data: { version: 1, content: "A heron stood very still in the reeds, waiting for the fish to come." } });
  expect(saved.status()).toBe(201);
  expect((await page.request.delete(three!.api)).status()).toBe(204);
  expect((await page.request.post(`/api/v1/books/${one!.bookId}/chapters`, { data: { title: "Morning", content: "Morning came." } })).status()).toBe(201);
  await page.reload();

  const compare = page.getByRole("region", { name: "Compare", exact: true });
  await expect(compare.getByLabel("Snapshot")).toHaveValue(/./);
  await expect(compare.getByText("Draft 1 for beta → Today: 1 changed, 1 added, 1 removed, 1 unchanged")).toBeVisible();
  const chapters = compare.getByRole("table", { name: "Chapters compared" });
  await expect(chapters.getByRole("row", { name: /The Heron/ })).toContainText("Changed");
  await expect(chapters.getByRole("row", { name: /The River/ })).toContainText("Unchanged");
  await expect(chapters.getByRole("row", { name: /Morning/ })).toContainText("Added");
  await expect(chapters.getByRole("row", { name: /Night/ })).toContainText("in the trash today");

  await chapters.getByRole("button", { name: "Show the changes to “The Heron”" }).click();
  const changes = compare.getByRole("region", { name: "Changes", exact: true });
  await expect(changes.locator("ins")).toHaveText("very ");
  await expect(changes.locator("del")).toHaveCount(0);
  expect(await axe(page, "main", ["color-contrast", "label", "button-name", "aria-allowed-attr", "aria-valid-attr-value", "scrollable-region-focusable"])).toEqual([]);
  await page.screenshot({ path: "test-results/snapshots-compare.png", fullPage: true });

  // Restore The Heron as the snapshot holds it: a new version, the text of today kept in its history.
  await chapters.getByRole("button", { name: "Restore “The Heron” from “Draft 1 for beta”" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Restore" }).click();
  await expect(compare.getByRole("status")).toHaveText("“The Heron” is back as “Draft 1 for beta” held it, as version 3.");
  expect(await stored(page.request, one!)).toMatchObject({ version: 3, content: "A heron stood still in the reeds, waiting for the fish to come." });
  await expect(chapters.getByRole("row", { name: /The Heron/ })).toContainText("Unchanged");

  // Night is in the trash: it comes out first, then its text.
  await chapters.getByRole("button", { name: "Restore “Night” from “Draft 1 for beta”" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Take out of the trash and restore" }).click();
  await expect(compare.getByRole("status")).toHaveText("“Night” is back as “Draft 1 for beta” held it, as version 2.");
  expect(await stored(page.request, three!)).toMatchObject({ version: 2, content: "Night came over the marsh." });

  // A second snapshot, compared with the first.
  await freeze.getByLabel("Name").fill("Draft 2");
  await freeze.getByRole("button", { name: "Make snapshot" }).click();
  await expect(freeze.getByRole("status")).toHaveText("“Draft 2” holds 4 chapters, 28 words.");
  await compare.getByLabel("Snapshot").selectOption({ label: "Draft 1 for beta" });
  await compare.getByLabel("With").selectOption({ label: "Draft 2" });
  await expect(compare.getByText("Draft 1 for beta → Draft 2: 0 changed, 1 added, 0 removed, 3 unchanged")).toBeVisible();
  await expect(chapters.getByRole("row", { name: /The River/ })).toContainText("Unchanged");
  expect(two).toBeDefined();
  // The chapter's history says where the restored version came from.
  await page.goto(one!.path);
  await page.getByRole("button", { name: "History" }).click();
  await expect(page.getByRole("button", { name: /^Version 3/ })).toContainText("Restored from the snapshot “Draft 1 for beta”");
  await page.keyboard.press("Escape");
  await page.goto(`/books/${one!.bookId}/snapshots`);
  await page.screenshot({ path: "test-results/snapshots-two.png", fullPage: true });
});
