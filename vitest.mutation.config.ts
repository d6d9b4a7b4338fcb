import { defineConfig } from "vitest/config";

/**
 * The unit tests that `npm run test:mutation` (StrykerJS, stryker.config.json) runs against each
 * mutant of the rule modules: only tests that need no build, server or database, so that a
 * mutant is judged in milliseconds. `npm test` runs these too, in vitest.config.ts.
 */
export default defineConfig({
  test: {
    include: ["core/**/*.test.ts", "app/**/*.test.{ts,tsx}"],
    exclude: ["**/*.server.test.ts", "**/node_modules/**"],
    testTimeout: 20_000,
  },
});
