/**
 * The Dockerfile, carried out here, where no image can be built: the context as .dockerignore
 * leaves it, each stage's steps in a folder standing for that image's root (image paths such as
 * /app and /data moved onto it, RUN steps through `sh -c`, this run's Node 24 standing for the
 * base image's), then the last stage's CMD as a user without rights, asked as Docker and a
 * visitor would. What it cannot show: that node:24-slim is what it stands for here, and Docker's
 * own layer and volume handling.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, describe, expect, it } from "vitest";
import { catalogue } from "../../db/seed/catalogue.ts";
import {
  type BuiltStage,
  buildStages,
  copyBuildContext,
  environmentOn,
  onRoot,
  parseDockerfile,
  parseDockerIgnore,
} from "../support/dockerfile.ts";
import { freePort } from "../support/free-port.ts";

const root = join(import.meta.dirname, "..", "..");
const dockerIgnore = parseDockerIgnore(readFileSync(join(root, ".dockerignore"), "utf8"));
const stages = parseDockerfile(readFileSync(join(root, "Dockerfile"), "utf8"));

/** Who runs the image's processes here: `nobody` when the test runs as root (as CI does). */
const asRoot = process.getuid?.() === 0;
const NOBODY = "65534";
const asImageUser = (command: string[]) =>
  asRoot
    ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "--", ...command]
    : command;

/**
 * What the base image gives every step: its Node 24 first on PATH (this run's, which is the
 * project's Node 24), and a clean environment otherwise. npm's cache is this machine's, offline
 * first, as a builder with a warm cache has it.
 */
const {
  PATH: machinePath = "",
  HOME: home = "/root",
  npm_config_cache,
  NODE_EXTRA_CA_CERTS,
} = process.env;
const basePath = [
  dirname(process.execPath),
  ...machinePath.split(":").filter((entry) => entry && !entry.includes("node_modules")),
].join(":");
const baseEnvironment: Record<string, string> = {
  PATH: basePath,
  HOME: home,
  npm_config_prefer_offline: "true",
  npm_config_update_notifier: "false",
  ...(npm_config_cache ? { npm_config_cache } : {}),
  // A package the cache lacks comes from the registry, through this machine's TLS proxy if any.
  ...(NODE_EXTRA_CA_CERTS ? { NODE_EXTRA_CA_CERTS } : {}),
};

describe(".dockerignore", () => {
  it("keeps out installed packages, builds, local data, secrets, tests and the repository", () => {
    const out = [
      "node_modules",
      "node_modules/react/index.js",
      "build/server/index.js",
      ".react-router/types/app/+types/root.ts",
      "data/ielts-hub.db",
      ".env",
      ".env.production",
      ".git",
      ".git/config",
      "tests/integration/reviews.test.ts",
      "server/config.test.ts",
      "app/components/links.test.tsx",
      "scripts/bench/load.ts",
      "test-results/x.png",
      "deploy/Caddyfile",
      "compose.yaml",
      "Dockerfile",
    ];
    const kept = [
      "package.json",
      "package-lock.json",
      "server/index.ts",
      "server/config.ts",
      "app/root.tsx",
      "core/reviews/reviews.server.ts",
      "db/migrations/2026-11-21T10-00_users-services-reviews.ts",
      "db/index.ts",
      "public/favicon.svg",
      "scripts/build.ts",
      "scripts/migrate.ts",
      "vite.config.ts",
      "react-router.config.ts",
      "tsconfig.json",
    ];
    for (const path of out) expect(dockerIgnore.excludes(path), path).toBe(true);
    for (const path of kept) expect(dockerIgnore.excludes(path), path).toBe(false);
  });

  it("matches as Docker does: from the context's root, ** across folders, the last line wins", () => {
    const rules = parseDockerIgnore("data\n**/*.log\n/secret/*\n!secret/public\n# data2\n");
    expect(rules.excludes("data")).toBe(true);
    expect(rules.excludes("data/x")).toBe(true);
    expect(rules.excludes("server/data")).toBe(false);
    expect(rules.excludes("a.log")).toBe(true);
    expect(rules.excludes("a/b/c.log")).toBe(true);
    expect(rules.excludes("secret/key")).toBe(true);
    expect(rules.excludes("secret/public")).toBe(false);
    expect(rules.excludes("data2")).toBe(false);
  });
});

describe("the Dockerfile, carried out without Docker", () => {
  const folder = mkdtempSync(join(tmpdir(), "ielts-hub-image-"));
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGKILL");
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it("says what an image needs: node:24-slim stages, a non-root user, a volume, a health check", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    for (const stage of stages) expect(stage.image).toBe("node:24-slim");
    const last = stages.at(-1)?.instructions ?? [];
    const env = Object.assign(
      {},
      ...last.flatMap((step) => (step.kind === "ENV" ? [step.values] : [])),
    ) as Record<string, string>;
    expect(env.NODE_ENV).toBe("production");
    const user = last.findLast((step) => step.kind === "USER");
    expect(user && user.kind === "USER" && !["root", "0"].includes(user.user)).toBe(true);
    const volumes = last.flatMap((step) => (step.kind === "VOLUME" ? step.paths : []));
    expect(volumes).toContain(env.DATA_DIR);
    expect(env.DATABASE_URL?.startsWith(`file:${env.DATA_DIR}/`)).toBe(true);
    const health = last.find((step) => step.kind === "HEALTHCHECK");
    expect(health && health.kind === "HEALTHCHECK" && health.command.join(" ")).toMatch(
      /^node -e .*fetch\(.*\/healthz/,
    );
    // The same Node flags as `npm start`, which the image runs without npm.
    const start = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts
      .start as string;
    const startFlags = start.split("&&").at(-1)?.trim().split(/\s+/).slice(1);
    const command = last.findLast((step) => step.kind === "CMD");
    expect(command?.kind === "CMD" && command.command).toEqual(["node", ...(startFlags ?? [])]);
    const unit = readFileSync(join(root, "deploy", "ielts-hub.service"), "utf8");
    expect(unit).toContain(`/node_modules/.bin/node ${startFlags?.join(" ")}\n`);
  });

  it("builds in stages, then serves /healthz and the courses as a user without rights", async () => {
    const started = performance.now();
    const timings: string[] = [];
    const lap = (what: string, since: number) =>
      timings.push(`${what} ${((performance.now() - since) / 1000).toFixed(1)} s`);

    const context = join(folder, "context");
    let since = performance.now();
    copyBuildContext(root, context, dockerIgnore);
    lap("context", since);
    for (const absent of ["node_modules", "build", ".git", "tests", "data", "deploy"]) {
      expect(existsSync(join(context, absent)), absent).toBe(false);
    }
    expect(existsSync(join(context, "package-lock.json"))).toBe(true);
    expect(existsSync(join(context, "server", "index.ts"))).toBe(true);

    // Node 24 is what the steps run (the base image's stands in as this run's).
    const version = spawnSync("sh", ["-c", "node --version"], { env: baseEnvironment });
    expect(version.stdout.toString()).toMatch(/^v24\./);

    since = performance.now();
    let stepStarted = performance.now();
    let stepName = "";
    const built: BuiltStage[] = buildStages(stages, {
      context,
      folder,
      baseEnvironment,
      // The image's `node` user: here the user the last stage runs as.
      ownerOf: () => (asRoot ? `${NOBODY}:${NOBODY}` : undefined),
      onStep: (stage, step) => {
        if (stepName && performance.now() - stepStarted > 1000) lap(stepName, stepStarted);
        stepStarted = performance.now();
        stepName = `stage ${stage} ${step.slice(0, 50)}`;
      },
    });
    lap(stepName, stepStarted);
    lap("all stages", since);
    const image = built.at(-1) as BuiltStage;
    const app = join(image.root, image.workdir);

    // The image holds the site, its run-time packages only, and no sources of tests or builds.
    expect(existsSync(join(app, "build", "server", "index.js"))).toBe(true);
    expect(existsSync(join(app, "node_modules", "react"))).toBe(true);
    // (npm keeps vitest, and vite with it, as an optional peer of better-auth's.)
    for (const tool of [
      "node",
      "typescript",
      "@react-router/dev",
      "@biomejs/biome",
      "lighthouse",
    ]) {
      expect(existsSync(join(app, "node_modules", tool)), tool).toBe(false);
    }
    expect(existsSync(join(app, "tests"))).toBe(false);
    expect(image.chowned.map((copy) => copy.path)).toEqual(image.volumes);

    // mkdtemp made the folder private to whoever runs the test; an image's files are readable
    // by every user in the container, so it is opened as an image is.
    chmodSync(folder, 0o755);
    chmodSync(image.root, 0o755);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    // `docker run -e …`: what the operator gives the container.
    const runEnvironment = {
      PATH: basePath,
      ...environmentOn(image),
      PORT: String(port),
      BASE_URL: origin,
      AUTH_SECRET: "dockerfile-test-secret-".padEnd(48, "x"),
      MAIL_OUTBOX_ONLY: "true",
      SHUTDOWN_GRACE_MS: "0",
    };
    const inImage = (command: string[]) =>
      spawnSync(command[0] as string, command.slice(1), {
        cwd: app,
        env: runEnvironment,
        encoding: "utf8",
      });
    const asUser = (command: string[]) => inImage(asImageUser(command));

    // compose.yaml's `migrate` service, on the image's own SQLite in the volume.
    since = performance.now();
    const migrated = asUser(["node", "scripts/migrate.ts"]);
    expect(migrated.status, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(/applied/);
    lap("migrate", since);

    since = performance.now();
    const command = asImageUser(image.command ?? []);
    server = spawn(command[0] as string, command.slice(1), {
      cwd: app,
      env: runEnvironment,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => server?.once("exit", resolve));
    while (!output.includes("IELTS Hub is serving")) {
      if (server.exitCode !== null) throw new Error(`The image's CMD stopped:\n${output}`);
      if (performance.now() - since > 30_000) throw new Error(`No start in 30 s:\n${output}`);
      await delay(50);
    }
    lap("start", since);
    expect(output).toContain("sqlite database");
    // The server wrote its database into the volume, as the image's user, and cannot change
    // its own code.
    const databaseFile = onRoot(image.root, "/data/ielts-hub.db");
    expect(existsSync(databaseFile)).toBe(true);
    if (asRoot) {
      expect(statSync(databaseFile).uid).toBe(Number(NOBODY));
      expect(asUser(["sh", "-c", "touch server/index.ts"]).status).not.toBe(0);
    }

    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const check = image.healthcheck?.command ?? [];
    expect(asUser(check).status).toBe(0);

    const list = await fetch(`${origin}/services`);
    expect(list.status).toBe(200);
    const href = (await list.text()).match(/href="(\/services\/[0-9a-f-]{36})"/)?.[1];
    expect(href).toBeDefined();
    const course = await fetch(`${origin}${href}`);
    expect(course.status).toBe(200);
    const heading = (await course.text()).match(/<h1[^>]*>([^<]+)<\/h1>/)?.[1];
    expect(catalogue.map((service) => service.name)).toContain(
      heading?.replaceAll("&amp;", "&").replaceAll("&#x27;", "'"),
    );

    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(asUser(check).status).not.toBe(0);

    const seconds = (performance.now() - started) / 1000;
    // Printed, not asserted: a timed assertion fails on a busy machine, not on a slow build
    // (the whole run has the test's own timeout).
    console.info(`Dockerfile carried out in ${seconds.toFixed(1)} s: ${timings.join(", ")}`);
  }, 300_000);
});
