import path from "node:path";
import { test as base } from "@playwright/test";
import { newWriter, signInViaUi, signUpViaApi, SIGNED_OUT } from "./support";

export { expect } from "@playwright/test";

/** Where each worker keeps its writer's browser state (e2e/.auth/ is gitignored). */
const AUTH_DIR = path.join("e2e", ".auth");

/**
 * The UI specs' `test`: each Playwright worker signs its own writer up and in once, and every test
 * on that worker starts signed in as that writer. Two workers never share a library, so a test's
 * books, goals and settings are seen only by the tests of its own file and worker. A spec that
 * needs a signed-out browser still says `test.use({ storageState: SIGNED_OUT })`.
 */
export const test = base.extend<object, { workerStorageState: string }>({
  // `provide` is Playwright's `use`, renamed so the React hooks lint does not take it for a hook.
  storageState: ({ workerStorageState }, provide) => provide(workerStorageState),
  workerStorageState: [
    async ({ browser }, provide, workerInfo) => {
      const file = path.join(AUTH_DIR, `writer-${workerInfo.parallelIndex}.json`);
      const page = await browser.newPage({ storageState: SIGNED_OUT, baseURL: workerInfo.project.use.baseURL });
      const writer = newWriter(`worker${workerInfo.parallelIndex}`);
      await signUpViaApi(page.request, writer);
      await signInViaUi(page, writer);
      await page.getByRole("heading", { name: "Your books" }).waitFor();
      await page.context().storageState({ path: file });
      await page.close();
      await provide(file);
    },
    { scope: "worker" },
  ],
});
