import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3310);
const googlePort = port + 1;
/** A second origin whose pages may call the site's API (CORS_ORIGINS), and one that may not. */
export const clientOriginPort = port + 2;
export const unlistedOriginPort = port + 3;
export const baseURL = `http://localhost:${port}`;
/** The test server's data folder: its mail outbox is where the tests read password-reset mail. */
export const e2eDataDirectory = join(tmpdir(), `ielts-hub-e2e-${port}`);
/** The test server's database, which tests open to do what only the server's shell may (grant the owner role). */
export const e2eDatabaseUrl = `file:${join(e2eDataDirectory, "e2e.db")}`;

/**
 * End-to-end tests drive the built site (as `npm start` serves it) in the system's Chromium:
 * Playwright never downloads a browser here. CHROMIUM_PATH may point at another binary.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  // One retry in CI only: a test that fails twice still fails the run, and a test that needed
  // its retry is reported as "flaky" in the list, so it is seen and not hidden.
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  // The flows with two or three people (a student, the teacher, a browser without JavaScript)
  // take 20-30 s on a loaded two-core machine.
  timeout: 60_000,
  // A redirect that renders the home page took longer than Playwright's default 5 s on the CI
  // machine while the other worker was busy; 10 s per step still catches a page that never answers.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"] },
      testIgnore: /\.(mutates|settings)\.spec\.ts$/,
    },
    {
      // Tests that change the shared catalogue run once the rest has finished.
      name: "chromium, changing the catalogue",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /\.mutates\.spec\.ts$/,
      dependencies: ["chromium"],
    },
    {
      // Tests that change the owner's site-wide settings run alone, last: a setting such as
      // holding new courses for approval would change what every other test sees.
      name: "chromium, changing site settings",
      use: { ...devices["Desktop Chrome"] },
      testMatch: /\.settings\.spec\.ts$/,
      dependencies: ["chromium, changing the catalogue"],
    },
  ],
  webServer: [
    {
      command: `node tests/support/google-stand-in.ts ${googlePort} e2e-client e2e-secret`,
      url: `http://localhost:${googlePort}/oauth2/v3/certs`,
      reuseExistingServer: false,
    },
    {
      command: "node tests/e2e/support/start-server.ts",
      url: `${baseURL}/api/`,
      env: {
        PORT: String(port),
        DATA_DIR: e2eDataDirectory,
        AUTH_SECRET: "end-to-end-tests-secret-that-is-long-enough",
        // Each test sends its own X-Forwarded-For, so rate limits count per test, not per run.
        TRUST_PROXY: "true",
        GOOGLE_CLIENT_ID: "e2e-client",
        GOOGLE_CLIENT_SECRET: "e2e-secret",
        GOOGLE_OAUTH_STAND_IN: `http://localhost:${googlePort}`,
        CORS_ORIGINS: `http://localhost:${clientOriginPort}`,
        // A line per request would bury the test run's own output: warnings and errors only.
        LOG_LEVEL: "warn",
        // The webhook test's receiver listens on 127.0.0.1, which a real site refuses.
        WEBHOOKS_ALLOW_PRIVATE: "true",
      },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "pipe",
    },
  ],
});
