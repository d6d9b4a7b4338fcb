import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request as httpRequest } from "node:http";
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { migrateDown } from "../../db/migrate.ts";
import { createTestDatabase, engines, type TestDatabase } from "../support/databases.ts";
import { freePort } from "../support/free-port.ts";
import { createTestApp, testSiteOn } from "../support/test-app.ts";

const root = join(import.meta.dirname, "..", "..");

describe.each(engines)("/healthz and /readyz on %s", (engine) => {
  const site = testSiteOn(engine);

  it("/healthz says the process runs, whatever the request carries, and is never kept", async () => {
    const requests: Record<string, string>[] = [
      {},
      { cookie: "ielts-hub.session_token=%zz", origin: "https://evil.example" },
      { authorization: "Bearer forged", "x-forwarded-for": "198.51.100.7" },
    ];
    for (const headers of requests) {
      const response = await site.app.request("/healthz", { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({ status: "ok" });
    }
    expect((await site.app.request("/healthz", { method: "HEAD" })).status).toBe(200);
  });

  it("/readyz is ready when the database answers with every migration applied", async () => {
    // As server/serve.ts does before it listens.
    await site.app.prepareWritingMeasures();
    const response = await site.app.request("/readyz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "ready" });
  });

  it("/readyz waits for the Writing measures: 503 while the dictionaries load, asking for them, then ready", async () => {
    let ready = false;
    let asked = 0;
    let loaded = () => {};
    const loading = new Promise<void>((resolve) => {
      loaded = resolve;
    });
    const app = await createTestApp(site.database, {}, [], {
      writingMeasures: {
        ready: () => ready,
        prepare: () => {
          asked++;
          return loading;
        },
      },
    });
    for (let probe = 1; probe <= 2; probe++) {
      const response = await app.request("/readyz");
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        status: "unready",
        reason: "the writing measures are loading",
      });
      // Asked each time: the same load while it runs (prepareWritingMeasures is idempotent).
      expect(asked).toBe(probe);
    }
    // The process is alive all along.
    expect((await app.request("/healthz")).status).toBe(200);
    loaded();
    ready = true;
    const response = await app.request("/readyz");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ready" });
    expect(asked).toBe(2);
  });

  it("/readyz tries a failed load of the Writing measures again on the next probe, and logs it", async () => {
    let attempts = 0;
    const app = await createTestApp(site.database, {}, [], {
      writingMeasures: {
        ready: () => false,
        prepare: async () => {
          attempts++;
          throw new Error("dictionary-en could not be read");
        },
      },
    });
    for (let probe = 1; probe <= 2; probe++) {
      const response = await app.request("/readyz");
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ reason: "the writing measures are loading" });
    }
    expect(attempts).toBe(2);
    await delay(10);
    const failures = app.logLines.filter((line) =>
      line.includes("the writing measures failed to load"),
    );
    expect(failures).toHaveLength(2);
    expect(failures[0]).toContain("dictionary-en could not be read");
  });

  describe("on a database one migration behind the code", () => {
    let behind: TestDatabase | undefined;
    afterAll(() => behind?.drop());

    it("/readyz is 503 and says why, while /healthz stays 200", async () => {
      behind = await createTestDatabase(engine);
      await migrateDown(behind.db);
      const app = await createTestApp(behind);
      await app.prepareWritingMeasures();
      const response = await app.request("/readyz");
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.json()).toEqual({
        status: "unready",
        reason: "1 database migration is not applied",
      });
      expect((await app.request("/healthz")).status).toBe(200);
    });
  });
});

/** The built server as `npm start` runs it, on its own port; resolves once `ready` is logged. */
async function startServer(environment: Record<string, string>, ready: RegExp) {
  const port = await freePort();
  const dataDirectory = mkdtempSync(join(tmpdir(), "ielts-hub-draining-"));
  const server = spawn(process.execPath, [join(root, "server/index.ts")], {
    env: {
      ...process.env,
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDirectory,
      NODE_ENV: "",
      ...environment,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((resolve) => {
    server.once("exit", (code) => {
      rmSync(dataDirectory, { recursive: true, force: true });
      resolve(code);
    });
  });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    server.stdout?.on("data", (chunk: Buffer) => {
      log += chunk.toString();
      if (ready.test(log)) resolve();
    });
    void exited.then((code) => reject(new Error(`The server exited (${code}):\n${log}`)));
  });
  return { server, origin: `http://127.0.0.1:${port}`, exited };
}

/** Ends a started server that a test left running. */
async function stop(server: ChildProcess | undefined) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGKILL");
  await exited;
}

interface WholeAnswer {
  status: number;
  connection: string | undefined;
  body: string;
}

/**
 * A sign-in whose body arrives in two halves, the second only when `finish` is called: a slow
 * upload, in flight for as long as the test wants. Sent on a keep-alive connection.
 */
function slowUpload(origin: string, agent: Agent) {
  const body = JSON.stringify({ email: "nobody@example.com", password: "not-the-password-1" });
  const half = Math.floor(body.length / 2);
  let answered: (answer: WholeAnswer) => void = () => {};
  let failed: (error: Error) => void = () => {};
  const answer = new Promise<WholeAnswer>((resolve, reject) => {
    answered = resolve;
    failed = reject;
  });
  const outgoing = httpRequest(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    agent,
    headers: {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      origin,
    },
  });
  outgoing.on("error", failed);
  outgoing.on("response", (response) => {
    let text = "";
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      text += chunk;
    });
    response.on("error", failed);
    response.on("end", () =>
      answered({
        status: response.statusCode ?? 0,
        connection: response.headers.connection,
        body: text,
      }),
    );
  });
  outgoing.write(body.slice(0, half));
  // Once the server has the first half, the request is in flight.
  const started = new Promise<void>((resolve) => outgoing.once("socket", () => resolve()));
  return {
    started,
    answer,
    finish: () => outgoing.end(body.slice(half)),
  };
}

async function wholePage(url: string): Promise<{ status: number; whole: boolean }> {
  const response = await fetch(url);
  const body = await response.text();
  return { status: response.status, whole: body.trimEnd().endsWith("</html>") };
}

const GRACE_MS = 1500;

describe.each([
  { engine: "sqlite" as const, processes: 1 },
  { engine: "postgres" as const, processes: 2 },
])("a restart on $engine with $processes process(es) drops nothing", ({ engine, processes }) => {
  let database: TestDatabase | undefined;
  let server: ChildProcess | undefined;
  afterAll(async () => {
    await stop(server);
    await database?.drop();
  });

  it("serves through the grace period, finishes every request in flight and exits 0", async () => {
    database = await createTestDatabase(engine);
    const started = await startServer(
      {
        DATABASE_URL: database.url,
        SHUTDOWN_GRACE_MS: String(GRACE_MS),
        WEB_CONCURRENCY: String(processes),
      },
      processes > 1 ? /All \d+ server processes are serving/ : /is serving/,
    );
    server = started.server;
    const { origin } = started;

    // Ready at once (the Writing dictionaries loaded before it listened, decision 0058), and the
    // probes never come from the response cache however often they are asked.
    for (let i = 0; i < 3; i++) {
      for (const path of ["/readyz", "/healthz"]) {
        const response = await fetch(`${origin}${path}`);
        expect(response.status, path).toBe(200);
        expect(response.headers.get("cache-control"), path).toBe("no-store");
        expect(response.headers.get("x-cache"), path).toBeNull();
        await response.text();
      }
    }

    const agent = new Agent({ keepAlive: true });
    const upload = slowUpload(origin, agent);
    await upload.started;
    // Many keep-alive page requests in flight (each query its own address, so each is rendered).
    // Fewer than MAX_IN_FLIGHT, so none is turned away as overload.
    const pagesInFlight = Array.from({ length: 40 }, (_, n) =>
      wholePage(`${origin}/services?n=${n}`),
    );
    await delay(50);

    server.kill("SIGTERM");
    const signalledAt = Date.now();

    // Well inside the grace period: every request is served, while /readyz says to go elsewhere.
    const readiness: number[] = [];
    const health: number[] = [];
    const pagesInGrace: Promise<{ status: number; whole: boolean }>[] = [];
    // On a busy machine the signal and the first probes may take most of a second: the probes
    // go on (still inside the grace period) until one has seen the 503.
    const inGrace = () => Date.now() - signalledAt;
    while (inGrace() < GRACE_MS - 500 || (readiness.at(-1) !== 503 && inGrace() < GRACE_MS - 150)) {
      const [ready, healthy] = await Promise.all([
        fetch(`${origin}/readyz`),
        fetch(`${origin}/healthz`),
      ]);
      readiness.push(ready.status);
      health.push(healthy.status);
      await Promise.all([ready.text(), healthy.text()]);
      pagesInGrace.push(wholePage(`${origin}/`), wholePage(`${origin}/services`));
      await delay(25);
    }
    expect(health.every((status) => status === 200)).toBe(true);
    expect(readiness.at(-1)).toBe(503);
    expect(readiness.every((status) => status === 200 || status === 503)).toBe(true);
    for (const page of [...pagesInFlight, ...pagesInGrace]) {
      expect(await page).toEqual({ status: 200, whole: true });
    }

    // The slow upload outlives the grace period: the process no longer accepts connections, yet
    // this one is answered in full, and told it is the connection's last.
    await delay(Math.max(0, signalledAt + GRACE_MS + 500 - Date.now()));
    expect(server.exitCode).toBeNull();
    upload.finish();
    const answer = await upload.answer;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toHaveProperty("message");
    expect(answer.connection).toBe("close");
    agent.destroy();

    expect(await started.exited).toBe(0);
  }, 60_000);
});

/**
 * A TCP relay to PostgreSQL that can stop passing bytes on (both ways, on every connection, new
 * ones included) and start again: a database that hangs rather than refuses.
 */
async function freezableRelay(target: { host: string; port: number }) {
  let frozen = false;
  const flushes = new Set<() => void>();
  const sockets = new Set<Socket>();
  const forward = (from: Socket, to: Socket) => {
    const held: Buffer[] = [];
    const flush = () => {
      for (const chunk of held.splice(0)) to.write(chunk);
    };
    flushes.add(flush);
    from.on("data", (chunk: Buffer) => (frozen ? held.push(chunk) : to.write(chunk)));
    from.on("error", () => to.destroy());
    from.on("close", () => {
      flushes.delete(flush);
      to.destroy();
    });
  };
  const relay: Server = createServer((client) => {
    const upstream = tcpConnect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const address = relay.address();
  return {
    port: typeof address === "object" && address ? address.port : 0,
    freeze: () => {
      frozen = true;
    },
    thaw: () => {
      frozen = false;
      for (const flush of flushes) flush();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => relay.close(resolve));
    },
  };
}

describe("/readyz when PostgreSQL stops answering", () => {
  let database: TestDatabase | undefined;
  let server: ChildProcess | undefined;
  let relay: Awaited<ReturnType<typeof freezableRelay>> | undefined;
  afterEach(async () => {
    relay?.thaw();
    await stop(server);
    await relay?.close();
    await database?.drop();
  });

  it("is 503 within about a second, /healthz stays 200, and ready again once it answers", async () => {
    database = await createTestDatabase("postgres");
    const direct = new URL(database.url);
    relay = await freezableRelay({ host: direct.hostname, port: Number(direct.port) });
    const throughRelay = new URL(database.url);
    throughRelay.hostname = "127.0.0.1";
    throughRelay.port = String(relay.port);
    const started = await startServer(
      { DATABASE_URL: throughRelay.toString(), SHUTDOWN_GRACE_MS: "0" },
      /is serving/,
    );
    server = started.server;
    const { origin } = started;
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    relay.freeze();
    // The answer must come well before a load balancer's own probe timeout (a limit, not a
    // measurement: the check gives the database one second).
    const unready = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2500) });
    expect(unready.status).toBe(503);
    expect(await unready.json()).toEqual({
      status: "unready",
      reason: "the database did not answer within 1000 ms",
    });
    const again = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2500) });
    expect(again.status).toBe(503);
    await again.text();
    expect((await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) })).status).toBe(
      200,
    );

    relay.thaw();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      const response = await fetch(`${origin}/readyz`);
      status = response.status;
      await response.text();
      if (status !== 200) await delay(100);
    }
    expect(status).toBe(200);

    server.kill("SIGTERM");
    expect(await started.exited).toBe(0);
  }, 60_000);
});
