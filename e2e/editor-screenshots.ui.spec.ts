import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { editorText, expectSaved, newBook, toEnd } from "./editor-support";

// Screenshots of the chapter editor for docs/screenshots/ (not a test; skipped unless asked for):
//   SCREENSHOTS=1 NEXT_DIST_DIR=.next-editor E2E_PORT=3481 npx playwright test e2e/editor-screenshots.ui.spec.ts
// SCREENSHOT_STYLES=<a .css file> adds a style sheet first (e.g. the writer's shell's themes,
// when the branch being shot predates them).
test.skip(!process.env.SCREENSHOTS, "screenshots only when SCREENSHOTS=1");
test.use({ viewport: { width: 1280, height: 860 } });

const PASSAGE = `## I

The lighthouse keeper's daughter counted the boats every morning, though nobody had asked her to. *Seven*, she said to the gulls, and the gulls, as usual, disagreed.

Her father had left with a lantern and a promise. The lantern came back in March, washed up between the rocks below the chapel; the promise never did. She kept the lantern on the sill, unlit, facing the sea.

> Who keeps the light? the harbourmaster asked, the first winter.
> Nobody, now.

* * *

In the spring a letter came from the mainland, addressed in a hand she did not know. She read it twice on the quay and then a third time in the lamp room, where the wind could not take it from her. **Come home**, it said, as if home were a place one could be summoned to.

She folded it into a small square and put it under the lantern.`;

async function withTheme(page: Page, theme: "light" | "dark") {
  const styles = process.env.SCREENSHOT_STYLES;
  if (styles) await page.addStyleTag({ content: readFileSync(styles, "utf8") });
  await page.evaluate((chosen) => {
    document.documentElement.dataset.theme = chosen;
    document.documentElement.style.colorScheme = chosen;
  }, theme);
}

test("the editor, light and dark, in focus mode, in a conflict, and its history", async ({ page }) => {
  const [, chapter] = await newBook(page.request, [
    { title: "The Quay", content: "Morning on the quay.\n\n".repeat(400) },
    { title: "The Lantern", content: PASSAGE },
    { title: "The Letter", content: "A letter.\n\n".repeat(900) },
    { title: "Mainland", content: "" },
  ]);
  await page.goto(chapter!.path);
  await toEnd(page);
  await page.keyboard.type("\n\nThe tide turned at four.");
  await expectSaved(page);

  await withTheme(page, "light");
  await page.locator(".cm-line", { hasText: "Her father had left" }).click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "docs/screenshots/editor-light.png" });
  await withTheme(page, "dark");
  await page.screenshot({ path: "docs/screenshots/editor-dark.png" });

  await editorText(page).press("Control+Shift+F");
  await page.mouse.move(640, 300);
  await page.screenshot({ path: "docs/screenshots/editor-focus-dark.png" });
  await withTheme(page, "light");
  await page.screenshot({ path: "docs/screenshots/editor-focus.png" });
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "History" }).click();
  await page.getByRole("button", { name: /^Version 1/ }).click();
  await expect(page.getByRole("region", { name: /Changes from version 1/ })).toBeVisible();
  await page.screenshot({ path: "docs/screenshots/editor-history.png" });
  await withTheme(page, "dark");
  await page.screenshot({ path: "docs/screenshots/editor-history-dark.png" });
  await withTheme(page, "light");
  await page.keyboard.press("Escape");

  const other = await page.context().newPage();
  await other.goto(chapter!.path);
  await toEnd(other);
  await other.keyboard.type(" The boats came in late.");
  await expectSaved(other);
  await toEnd(page);
  await page.keyboard.type(" Nobody came to meet them.");
  await expect(page.getByRole("dialog", { name: "This chapter was changed somewhere else" })).toBeVisible();
  await page.screenshot({ path: "docs/screenshots/editor-conflict.png" });
  await withTheme(page, "dark");
  await page.screenshot({ path: "docs/screenshots/editor-conflict-dark.png" });
});
