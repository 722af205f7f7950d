// Issue 35 item 1 (decision 0499): the chapter editor's Scenes panel. A chapter with scene breaks is
// split into scenes; a scene is renamed in place (keyboard: Enter), moved down, and moved to another
// chapter with its text; the server's text and scenes follow each step.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { editorText, newBook, stored } from "./editor-support";

const TEXT = "The ferry left at dawn.\n\n* * *\n\nThe gulls kept their distance.\n\n* * *\n\nNight came to the pier.\n";
const panel = (page: Page) => page.getByRole("region", { name: "Scenes" });

test("splits a chapter at its breaks, renames a scene in place, reorders, and moves one to another chapter", async ({ page }) => {
  const [harbour, town] = await newBook(page.request, [
    { title: "Harbour", content: TEXT },
    { title: "Town", content: "The market opened.\n" },
  ]);
  await page.goto(harbour!.path);
  await page.getByRole("button", { name: "Scenes" }).click();
  await expect(panel(page)).toContainText("This chapter is one stretch");
  await panel(page).getByRole("button", { name: "Split at scene breaks" }).click();
  await expect(panel(page).getByRole("status")).toHaveText("3 scenes.");
  await expect(panel(page).getByRole("article")).toHaveCount(3);
  await expect(panel(page).getByRole("article", { name: "Scene 2" })).toContainText("5 words");

  // Renamed in place, from the keyboard.
  const title = panel(page).getByLabel("Title of scene 2");
  await title.focus();
  await page.keyboard.type("Gulls");
  await page.keyboard.press("Enter");
  await expect(panel(page).getByRole("article", { name: "Gulls" })).toBeVisible();
  await page.screenshot({ path: "test-results/scenes-panel.png", fullPage: true });

  // Move the first scene down: the text follows, in the editor and on the server.
  await panel(page).getByRole("button", { name: "Move “Scene 1” down" }).click();
  await expect(panel(page).getByRole("status")).toHaveText("Moved “Scene 1” down.");
  await expect(editorText(page)).toContainText("The gulls kept their distance.");
  expect((await stored(page.request, harbour!)).content).toBe("The gulls kept their distance.\n\n* * *\n\nThe ferry left at dawn.\n\n* * *\n\nNight came to the pier.\n");
  await expect(panel(page).getByRole("article").first()).toHaveAccessibleName("Gulls");

  // Move "Gulls" to Town, with its text; its id and title go with it.
  const gulls = panel(page).getByRole("article", { name: "Gulls" });
  await gulls.getByLabel("Move “Gulls” to chapter").selectOption({ label: "Town" });
  await gulls.getByRole("button", { name: "Move", exact: true }).click();
  await expect(panel(page).getByRole("status")).toHaveText("Moved “Gulls” to “Town”.");
  await expect(panel(page).getByRole("article")).toHaveCount(2);
  await expect(editorText(page)).not.toContainText("gulls");
  expect((await stored(page.request, town!)).content).toBe("The market opened.\n\n* * *\n\nThe gulls kept their distance.\n");
  const inTown = await (await page.request.get(`/api/v1/books/${town!.bookId}/chapters/${town!.chapterId}/scenes`)).json();
  expect(inTown.data.map((s: { title: string }) => s.title)).toEqual(["", "Gulls"]);
  await page.screenshot({ path: "test-results/scenes-moved.png", fullPage: true });
});
