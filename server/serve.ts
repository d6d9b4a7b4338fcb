import { createServer } from "node:http";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { deleteExpiredRows } from "../core/housekeeping.ts";
import { openDatabase } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedCatalogueIfEmpty } from "../db/seed/index.ts";
import { createApp, type PageHandler } from "./app.ts";
import type { Config } from "./config.ts";
import { shedLoad } from "./load-shedding.ts";

const root = join(import.meta.dirname, "..");

export async function serve(config: Config, { development }: { development: boolean }) {
  const database = openDatabase(config.databaseUrl);
  const { db, engine } = database;
  await migrateToLatest(db);
  const seeded = await seedCatalogueIfEmpty(db);
  const housekeeping = () =>
    deleteExpiredRows(db).catch((error: unknown) => console.error("Housekeeping failed:", error));
  await housekeeping();
  setInterval(housekeeping, 60 * 60 * 1000).unref();
  if (seeded > 0) console.log(`Seeded the catalogue with ${seeded} courses.`);

  let handlePage: PageHandler;
  let viteMiddleware: ((req: never, res: never, next: () => void) => void) | undefined;
  if (development) {
    const vite = await import("vite").then(({ createServer }) =>
      createServer({ root, server: { middlewareMode: true } }),
    );
    viteMiddleware = vite.middlewares as never;
    // Loaded per request so that edits to routes show up without a restart.
    handlePage = async (request, context) => {
      const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
      return createRequestHandler(build, "development")(request, context);
    };
  } else {
    const build = (await import(join(root, "build/server/index.js"))) as ServerBuild;
    handlePage = createRequestHandler(build, "production");
  }

  const { app, mailOutbox } = createApp({
    database,
    config,
    handlePage,
    clientDirectory: development ? undefined : join(root, "build/client"),
  });
  const listener = getRequestListener(app.fetch);
  let shed = 0;
  const server = createServer(
    shedLoad(
      (req, res) => {
        if (viteMiddleware) viteMiddleware(req as never, res as never, () => listener(req, res));
        else listener(req, res);
      },
      { maxInFlight: config.maxInFlight, onShed: () => shed++ },
    ),
  );
  // A client that trickles its headers or body must not hold a connection for long.
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  setInterval(() => {
    if (shed === 0) return;
    console.warn(`Overloaded: ${shed} requests answered 503 in the last minute.`);
    shed = 0;
  }, 60_000).unref();

  server.listen(config.port, () => {
    console.log(`IELTS Hub is serving ${config.baseUrl} (port ${config.port}, ${engine} database)`);
  });
  mailOutbox.start();

  const shutdown = () => {
    // Rows not yet sent stay in the outbox for the next start.
    const mailStopped = mailOutbox.stop();
    server.close(() => void mailStopped.then(() => db.destroy()).then(() => process.exit(0)));
    server.closeIdleConnections();
    setTimeout(() => process.exit(0), 5000).unref();
  };
  process.once("SIGTERM", shutdown);
  process.once("SIGINT", shutdown);
}
