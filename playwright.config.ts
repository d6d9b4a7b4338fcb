import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3310);
export const baseURL = `http://localhost:${port}`;

/**
 * End-to-end tests drive the built site (as `npm start` serves it) in the system's Chromium:
 * Playwright never downloads a browser here. CHROMIUM_PATH may point at another binary.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
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
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node tests/e2e/support/start-server.ts",
    url: `${baseURL}/api/`,
    env: { PORT: String(port) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "pipe",
  },
});
