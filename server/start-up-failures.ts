import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import { createServer as createNetServer, type Server as NetServer } from "node:net";
import { join, resolve } from "node:path";
import { reachDatabase, sqlitePath } from "../db/index.ts";
import type { Config } from "./config.ts";

/**
 * What stops the server before it serves and is the operator's to fix, not a defect: the port
 * taken, the data folder not writable, the database not to be opened (decision 0051). Each is one
 * line saying what and what to do, which server/index.ts prints alone (no stack) before exiting
 * with 1, as it does a configuration mistake. Anything else keeps its stack: that is a defect.
 */
export class StartUpError extends Error {
  override name = "StartUpError";
}

/** An error's code (`EADDRINUSE`, `28P01`, …), when it has one. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why a file or folder could not be made or written, in words, from the system's code. */
function fileSystemReason(error: unknown): string {
  switch (codeOf(error)) {
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EROFS":
      return "read-only file system";
    case "ENOSPC":
      return "no space left on the device";
    case "EDQUOT":
      return "disk quota exceeded";
    case "ENOTDIR":
    case "EEXIST":
      return "a file is in the way of a folder on its path";
    case "ENAMETOOLONG":
      return "the path is too long";
    default:
      return messageOf(error);
  }
}

/**
 * The port is listened on, or the one line saying why not: taken by another server, or one this
 * user may not open. With WEB_CONCURRENCY the supervisor opens it for each process, and the
 * failure comes back to the process here all the same.
 */
export async function listen(servers: readonly Server[], port: number): Promise<void> {
  if (servers.length > 1) {
    // Servers sharing the port (SO_REUSEPORT) would share it with another server that does the
    // same, such as a second copy of the site started by mistake: a plain listen first finds
    // the port taken, whoever holds it.
    const probe = createNetServer();
    await listenOne(probe, port, {});
    await new Promise((resolve) => probe.close(resolve));
  }
  const options = servers.length > 1 ? { reusePort: true } : {};
  for (const server of servers) await listenOne(server, port, options);
}

function listenOne(server: NetServer, port: number, options: { reusePort?: boolean }) {
  return new Promise<void>((resolvePromise, reject) => {
    const failed = (error: Error) => reject(portFailure(port, error));
    server.once("error", failed);
    server.listen({ port, ...options }, () => {
      server.off("error", failed);
      resolvePromise();
    });
  });
}

export function portFailure(port: number, error: unknown): StartUpError {
  switch (codeOf(error)) {
    case "EADDRINUSE":
      return new StartUpError(`Port ${port} is in use: stop the other server or set PORT`);
    case "EACCES":
    case "EPERM":
      return new StartUpError(
        `Port ${port} may not be opened by this user (permission denied): set PORT to 1024 or above, and let a reverse proxy take port ${port}`,
      );
    default:
      return new StartUpError(
        `Port ${port} cannot be opened (${messageOf(error)}): set PORT to another port`,
      );
  }
}

/**
 * The folders under DATA_DIR the site writes, made and written to once now: DATA_DIR itself
 * while the development AUTH_SECRET is still to be generated there, and DATA_DIR/outbox while
 * mail is kept there (no SMTP_URL). A folder the site does not write is not asked for, so a
 * deployment with both set may have a read-only file system.
 */
export function checkDataDirectory(config: Config): void {
  const folder = config.dataDirectory;
  const written: string[] = [];
  if (!config.authSecret && !existsSync(join(folder, "auth-secret"))) written.push(folder);
  if (!config.smtpUrl) written.push(join(folder, "outbox"));
  for (const target of written) {
    try {
      mkdirSync(target, { recursive: true });
      const probe = join(target, `.write-check-${process.pid}`);
      writeFileSync(probe, "");
      rmSync(probe);
    } catch (error) {
      throw dataDirectoryFailure(folder, error);
    }
  }
}

export function dataDirectoryFailure(
  folder: string,
  error: unknown,
  doing: "written" | "read" = "written",
): StartUpError {
  return new StartUpError(
    `The data folder ${resolve(folder)} (DATA_DIR) cannot be ${doing} (${fileSystemReason(error)}): make it a folder this user can ${doing === "read" ? "read and write" : "write"}, or set DATA_DIR to one`,
  );
}

/**
 * Opens the database once (db/index.ts `reachDatabase`), or throws the one line saying why it
 * cannot be: where it is, the reason, and what to change. A PostgreSQL URL's password is never
 * repeated.
 */
export async function checkDatabase(url: string, timeoutMs = 10_000): Promise<void> {
  try {
    await reachDatabase(url, timeoutMs);
  } catch (error) {
    throw /^postgres(ql)?:\/\//.test(url)
      ? postgresFailure(url, error, timeoutMs)
      : sqliteFailure(url, error);
  }
}

/** node:sqlite's result codes (https://sqlite.org/rescode.html), in words. */
const SQLITE_REASONS: Record<number, string> = {
  5: "another program holds it locked",
  6: "another program holds it locked",
  8: "it may only be read",
  10: "the disk could not be read or written",
  11: "the file is damaged",
  13: "the disk is full",
  14: "the file cannot be opened or made",
  23: "permission denied",
  26: "the file is not a SQLite database",
};

function sqliteFailure(url: string, error: unknown): StartUpError {
  const path = sqlitePath(url);
  const errcode = (error as { errcode?: unknown } | null)?.errcode;
  const primary = typeof errcode === "number" ? errcode & 0xff : undefined;
  const isFolder = existsSync(path) && statSync(path).isDirectory();
  const reason = isFolder
    ? "it is a folder"
    : primary !== undefined
      ? (SQLITE_REASONS[primary] ?? messageOf(error))
      : fileSystemReason(error);
  const notOurs = primary === 26 || primary === 11;
  return new StartUpError(
    `The SQLite database ${path} (DATABASE_URL) cannot be opened (${reason}): ${
      notOurs
        ? "set DATABASE_URL to the site's database file, or to a new file: path"
        : "set DATABASE_URL to a file: path in a folder this user can write"
    }`,
  );
}

function postgresFailure(url: string, error: unknown, timeoutMs: number): StartUpError {
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  const host = parsed?.searchParams.get("host") || parsed?.hostname || "localhost";
  const where = `PostgreSQL at ${host}:${parsed?.port || "5432"}`;
  const user = decodeURIComponent(parsed?.username ?? "") || "(none given)";
  const database = decodeURIComponent(parsed?.pathname.slice(1) ?? "") || user;
  const message = messageOf(error);
  switch (codeOf(error)) {
    case "ECONNREFUSED":
      return new StartUpError(
        `${where} cannot be reached (connection refused): start PostgreSQL, or correct the host and port in DATABASE_URL`,
      );
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return new StartUpError(
        `${where} cannot be reached (no such host): correct the host in DATABASE_URL`,
      );
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return new StartUpError(
        `${where} cannot be reached (${message}): check that it runs and that this machine may reach it, or correct DATABASE_URL`,
      );
    case "28P01":
      return new StartUpError(
        `${where} refused the user "${user}" (wrong user name or password): correct them in DATABASE_URL`,
      );
    case "28000":
      return new StartUpError(
        `${where} refused the user "${user}" (${message}): correct the user in DATABASE_URL, or let it in (pg_hba.conf)`,
      );
    case "3D000":
      return new StartUpError(
        `${where} has no database "${database}": create it (createdb ${database}), or correct the database name in DATABASE_URL`,
      );
    case "42501":
      return new StartUpError(
        `${where} refused the user "${user}" the database "${database}" (${message}): grant it CONNECT, or correct DATABASE_URL`,
      );
    default:
      // pg gives up on a connection that did not come within connectionTimeoutMillis this way.
      if (/timeout/i.test(message))
        return new StartUpError(
          `${where} cannot be reached (no answer within ${timeoutMs / 1000} s): check that it runs and that this machine may reach it, or correct DATABASE_URL`,
        );
      return new StartUpError(
        `${where} refused the connection (${message}): check DATABASE_URL and the server`,
      );
  }
}
