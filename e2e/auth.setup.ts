import { expect, test as setup } from "@playwright/test";
import { newWriter, signInViaUi, signUpViaApi, STORAGE_STATE } from "./support";

// Signs one writer up and in, once, for every test that needs a signed-in browser.
setup("sign in once", async ({ page, request }) => {
  const writer = newWriter("setup");
  await signUpViaApi(request, writer);
  await signInViaUi(page, writer);
  await expect(page.getByRole("heading", { name: "Your books" })).toBeVisible();
  await page.context().storageState({ path: STORAGE_STATE });
});
