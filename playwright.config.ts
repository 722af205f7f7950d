import { defineConfig, devices } from "@playwright/test";
import { STORAGE_STATE } from "./e2e/support";

const port = Number(process.env.E2E_PORT || 3400);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * End-to-end tests against the real server (server/entry/main.mjs) on a fresh database file (e2e/serve.mjs), in the
 * system Chromium. Run with a dist dir and port of your own:
 *   NEXT_DIST_DIR=.next-e2e E2E_PORT=3400 npx playwright test
 */
export default defineConfig({
  testDir: "e2e",
  forbidOnly: !!process.env.CI,
  // No retry, on CI either: a test that passes only on its second try is a defect to fix.
  retries: 0,
  reporter: "list",
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"] } },
    { name: "api", testMatch: /\.api\.spec\.ts$/ },
    {
      name: "ui",
      testMatch: /\.ui\.spec\.ts$/,
      dependencies: ["setup"],
      use: { ...devices["Desktop Chrome"], storageState: STORAGE_STATE },
    },
  ],
  webServer: {
    command: "node e2e/serve.mjs",
    url: `${baseURL}/sign-in`,
    // A fresh database every run, so never reuse a server that is already up.
    reuseExistingServer: false,
    // The first run may build (about two minutes on two cores).
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
    // SIGTERM (not the default SIGKILL) lets serve.mjs stop Next and delete its temporary database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
