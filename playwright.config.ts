import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT || 3400);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * Debian's Chromium, as its headless shell (package chromium-headless-shell, which `.ci/run`
 * installs) when it is there: the same engine without the browser's own interface, at 0.6 of the
 * full browser's CPU over the same tests (decision 0465). `--headed` needs the full browser:
 * E2E_CHROMIUM=/usr/bin/chromium npx playwright test --headed
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = process.env.E2E_CHROMIUM || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

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
  // Each worker signs in a writer of its own (e2e/fixtures.ts), so E2E_WORKERS=2 is safe; one by
  // default: beside the other suites on two cores a second worker gained nothing (decision 0456).
  workers: Number(process.env.E2E_WORKERS) || 1,
  reporter: "list",
  // Limits, not speed targets: npm test runs Playwright beside the other suites on two cores, where a
  // page's first render or an assertion's wait can take several times what it takes alone
  // (Playwright's defaults: 30 s a test, 5 s an assertion). An assertion waiting on the worker pool's
  // heavy lane (a comparison, an export) waits behind the other tests' work there: 15 s was passed
  // once under CI's load; a passing run never waits for the limit, so it costs nothing.
  timeout: 60_000,
  expect: { timeout: 25_000 },
  use: {
    baseURL,
    // A trace records every test's screens and is kept only when the test fails: a quarter of
    // Chromium's CPU time. `npm test` turns it off (E2E_TRACE=off: CI keeps no files, only the output);
    // `npm run test:e2e` keeps it for a failing test to open with `npx playwright show-trace`.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: chromium,
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
    { name: "api", testMatch: /\.api\.spec\.ts$/ },
    {
      name: "ui",
      testMatch: /\.ui\.spec\.ts$/,
      // Each worker signs its own writer in (e2e/fixtures.ts).
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: {
    command: "node e2e/serve.mjs",
    // A fresh database every run, so never reuse a server that is already up.
    reuseExistingServer: false,
    // Ready once e2e/serve.mjs has signed up the admin (not at a url: Playwright takes whichever
    // comes first): its e-mail and password reach the tests as E2E_ADMIN_EMAIL and
    // E2E_ADMIN_PASSWORD (base64url, one word) (e2e/support.ts, e2eAdmin).
    wait: { stdout: /e2e: ready; admin (?<e2e_admin_email>\S+) password (?<e2e_admin_password>\S+)/ },
    // The first run may build (about two minutes on two cores).
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
    env: { E2E_PORT: String(port) },
    // SIGTERM (not the default SIGKILL) lets serve.mjs stop Next and delete its temporary database.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
  },
});
