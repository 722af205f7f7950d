import { test } from "./fixtures";
import type { Page } from "@playwright/test";
import { newWriter, SIGNED_OUT, signInViaUi, signUpViaApi } from "./support";

// Pictures of each page in light and dark for docs/screenshots (linked from the README).
// Run on demand: SCREENSHOTS=1 NEXT_DIST_DIR=.next-e2e E2E_PORT=3471 npx playwright test screenshots
test.skip(!process.env.SCREENSHOTS, "set SCREENSHOTS=1 to take the README's screenshots");
test.use({ storageState: SIGNED_OUT, viewport: { width: 1280, height: 860 } });

const SCHEMES = ["light", "dark"] as const;

async function shoot(page: Page, name: string) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ colorScheme });
    await page.screenshot({ path: `docs/screenshots/${name}-${colorScheme}.png`, fullPage: true });
  }
}

test("every page, light and dark", async ({ page, request }) => {
  await page.goto("/");
  await shoot(page, "welcome");
  await page.goto("/sign-in");
  await shoot(page, "sign-in");
  await page.goto("/sign-up");
  await shoot(page, "sign-up");

  const writer = newWriter("pictures");
  await signUpViaApi(request, writer);
  await signInViaUi(page, writer);
  await page.waitForURL("/books");
  await shoot(page, "books-empty");

  const books = [
    { title: "The Salt Road", type: "fantasy", status: "drafting", targetWordCount: 90000, description: "A caravan crosses the last desert with a map that lies, and a cartographer who knows why." },
    { title: "Winter Orchard", type: "literary", status: "revising", targetWordCount: 70000, description: "Three sisters, one failing farm, and the winter their mother came home." },
    { title: "Notes Toward a Lighthouse", type: "memoir", status: "planning", targetWordCount: null, description: "" },
  ];
  const ids: string[] = [];
  for (const book of books) {
    const made = await page.request.post("/api/v1/books", { data: book });
    ids.push((await made.json()).data.id);
  }
  const chapters = [
    "# The Well at Qasr\n\nThe caravan reached the well at dusk, and the well was dry.",
    "# What the Map Said\n\nNadia unrolled the map on the sand and weighted its corners with stones. " + "The dunes moved. ".repeat(400),
    "# Salt\n\n" + "They walked at night, when the salt flats gave back the moon. ".repeat(700),
    "# The Cartographer's Daughter\n\n" + "She had drawn the lie herself. ".repeat(300),
  ];
  for (const content of chapters) await page.request.post(`/api/v1/books/${ids[0]}/chapters`, { data: { content } });
  await page.request.post(`/api/v1/books/${ids[1]}/chapters`, { data: { content: "# Frost\n\n" + "The orchard slept. ".repeat(900) } });
  const trashed = await page.request.post("/api/v1/books", { data: { title: "An Abandoned Thriller", type: "thriller" } });
  await page.request.delete(`/api/v1/books/${(await trashed.json()).data.id}`);

  await page.goto("/books");
  await shoot(page, "books");
  await page.getByRole("button", { name: "Edit “Winter Orchard”" }).click();
  await shoot(page, "book-edit");
  await page.keyboard.press("Escape");
  await page.goto("/books?deleted=true");
  await shoot(page, "trash");
  await page.goto(`/books/${ids[0]}`);
  await shoot(page, "book");
  await page.setViewportSize({ width: 820, height: 1180 });
  await shoot(page, "book-tablet");
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto("/settings/tokens");
  await shoot(page, "tokens");
});
