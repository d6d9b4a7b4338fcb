/**
 * `npm test`: every check, in order, stopping at the first that fails — typecheck, lint, build,
 * unit and integration tests (SQLite and PostgreSQL), end-to-end tests in Chromium — then one
 * summary line of how many tests passed and failed.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const reports = mkdtempSync(join(tmpdir(), "ielts-hub-test-"));
const vitestReport = join(reports, "vitest.json");
const playwrightReport = join(reports, "playwright.json");

function run(
  title: string,
  command: string,
  args: string[],
  env: Record<string, string> = {},
  failedIn: () => number = () => 0,
) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  // A runner's exit code alone is not trusted: its report must show no failed test either.
  if (result.status !== 0 || failedIn() > 0) {
    console.error(`\n✗ ${title} failed.`);
    summarise();
    process.exit(result.status || 1);
  }
}

function failedVitestTests(): number {
  if (!existsSync(vitestReport)) return 1;
  const report = JSON.parse(readFileSync(vitestReport, "utf8"));
  return (report.numFailedTests ?? 0) + (report.success === false ? 1 : 0);
}

function summarise() {
  let passed = 0;
  let failed = 0;
  if (existsSync(vitestReport)) {
    const report = JSON.parse(readFileSync(vitestReport, "utf8"));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
  }
  if (existsSync(playwrightReport)) {
    const { stats } = JSON.parse(readFileSync(playwrightReport, "utf8"));
    passed += stats?.expected ?? 0;
    failed += (stats?.unexpected ?? 0) + (stats?.flaky ?? 0);
  }
  console.log(`\nTests: ${passed} passed, ${failed} failed`);
}

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  console.error(
    `No Chromium at ${chromium}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
// The deployment recipes' tests run deploy/nginx/ielts-hub.conf with Debian's nginx.
if (!existsSync("/usr/sbin/nginx")) {
  console.error("No nginx at /usr/sbin/nginx. Install Debian's package: apt-get install -y nginx.");
  process.exit(1);
}

run("Typecheck", "npm", ["run", "--silent", "typecheck"]);
run("Lint", "npm", ["run", "--silent", "lint"]);
run("Layers: imports point one way", "node", ["scripts/check-layers.ts"]);
run("Build", "npm", ["run", "--silent", "build"]);
run("Browser chunks: no server-only code, route chunks under 15 KB gzip", "node", [
  "scripts/check-client-chunks.ts",
]);
run(
  "Unit and integration tests (SQLite and PostgreSQL)",
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  {},
  failedVitestTests,
);
run("End-to-end tests in Chromium", "npx", ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
});
summarise();
