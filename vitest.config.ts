import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["{core,db,server,app,scripts,tests/integration}/**/*.test.{ts,tsx}"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
