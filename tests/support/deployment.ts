/**
 * The deployment recipes, run for real: the built site as separate processes (as on their own
 * machines), Debian's nginx with deploy/nginx/ielts-hub.conf in front of them, a self-signed
 * certificate, and an HTTPS client that can speak from any loopback address.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { Agent as HttpAgent, request as httpRequest } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import { connect } from "node:net";
import { networkInterfaces } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";

const root = join(import.meta.dirname, "..", "..");

/** Debian's nginx (`.ci/run` installs it when missing). */
export const NGINX = "/usr/sbin/nginx";
export const NGINX_RECIPE = join(root, "deploy", "nginx", "ielts-hub.conf");

/** A self-signed certificate for `localhost`, which the test's client trusts as its own CA. */
export function makeCertificate(directory: string) {
  const certificate = join(directory, "localhost.crt");
  const key = join(directory, "localhost.key");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      certificate,
    ],
    { stdio: "ignore" },
  );
  return { certificate, key, pem: readFileSync(certificate, "utf8") };
}

/**
 * deploy/nginx/ielts-hub.conf with only what a deployer fills in: the host name, the
 * certificate's paths, the ports, the app servers' addresses and the log folder (the test's own
 * folder instead of /var/log/nginx). Each replacement must find its text, so a recipe that
 * changed shape fails here rather than running something else.
 */
export function siteFileFromRecipe(options: {
  certificate: string;
  key: string;
  httpPort: number;
  httpsPort: number;
  appServers: string[];
  logDirectory: string;
}): string {
  let site = readFileSync(NGINX_RECIPE, "utf8");
  const replace = (pattern: RegExp, replacement: string | ((...match: string[]) => string)) => {
    if (!pattern.test(site)) throw new Error(`The nginx recipe has no ${pattern} any more.`);
    pattern.lastIndex = 0;
    site = site.replace(pattern, replacement as string);
  };
  replace(/\/etc\/letsencrypt\/live\/ielts\.example\/fullchain\.pem/g, options.certificate);
  replace(/\/etc\/letsencrypt\/live\/ielts\.example\/privkey\.pem/g, options.key);
  replace(/server_name ielts\.example;/g, "server_name localhost;");
  replace(/^([ \t]*)listen (\[::\]:)?80;/gm, (_, indent, v6 = "") => {
    return `${indent}listen ${v6}${options.httpPort};`;
  });
  replace(/^([ \t]*)listen (\[::\]:)?443 /gm, (_, indent, v6 = "") => {
    return `${indent}listen ${v6}${options.httpsPort} `;
  });
  // The upstream's one active server line, once per app server, with its own parameters.
  replace(/^([ \t]*)server 127\.0\.0\.1:3000( [^;]*)?;$/m, (_, indent, parameters = "") =>
    options.appServers.map((address) => `${indent}server ${address}${parameters};`).join("\n"),
  );
  replace(/\/var\/log\/nginx\//g, `${options.logDirectory}/`);
  // A machine without IPv6 cannot listen on [::]; the recipe's IPv4 lines are the same.
  if (!hasIpv6()) site = site.replace(/^[ \t]*listen \[::\]:.*$/gm, "");
  return site;
}

function hasIpv6(): boolean {
  return Object.values(networkInterfaces()).some((addresses) =>
    addresses?.some((address) => address.family === "IPv6" && address.internal),
  );
}

export interface Nginx {
  process: ChildProcess;
  /** What nginx wrote to its error log (stderr). */
  errors: () => string;
  stop: () => Promise<void>;
}

/**
 * Debian's nginx as the current user, with its own prefix, pid file and temporary folders in
 * `directory`, in the foreground: the main configuration stands for /etc/nginx/nginx.conf and
 * includes the site file as sites-enabled/ would.
 */
export async function startNginx(directory: string, site: string, port: number): Promise<Nginx> {
  mkdirSync(join(directory, "sites-enabled"), { recursive: true });
  const siteFile = join(directory, "sites-enabled", "ielts-hub.conf");
  writeFileSync(siteFile, site);
  const main = join(directory, "nginx.conf");
  const asRoot = process.getuid?.() === 0;
  writeFileSync(
    main,
    [
      // As root, nginx's workers would otherwise become `nobody`, who cannot enter this folder.
      asRoot ? "user root;" : "",
      "worker_processes 2;",
      `pid ${join(directory, "nginx.pid")};`,
      "events { worker_connections 1024; }",
      "http {",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
        (kind) => `  ${kind}_temp_path ${join(directory, `${kind}_temp`)};`,
      ),
      `  access_log ${join(directory, "access.log")};`,
      `  include ${siteFile};`,
      "}",
      "",
    ].join("\n"),
  );
  const nginx = spawn(NGINX, ["-p", directory, "-c", main, "-e", "stderr", "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let errors = "";
  nginx.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => nginx.once("exit", () => resolve()));
  const until = Date.now() + 10_000;
  while (!(await accepts(port))) {
    if (nginx.exitCode !== null || Date.now() > until) {
      throw new Error(`nginx did not start (exit code ${nginx.exitCode}):\n${errors}`);
    }
    await delay(50);
  }
  return {
    process: nginx,
    errors: () => errors,
    stop: async () => {
      if (nginx.exitCode === null && nginx.signalCode === null) {
        nginx.kill("SIGTERM");
        await exited;
      }
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export interface SiteProcess {
  process: ChildProcess;
  port: number;
  /** The process's own address, past any proxy. */
  origin: string;
  /** Every line it wrote to stdout so far. */
  lines: string[];
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<number | string | null>;
  stop: () => Promise<void>;
}

/** The built server as `npm start` runs it, as its own process; resolves once it serves. */
export async function startSite(
  port: number,
  environment: Record<string, string>,
): Promise<SiteProcess> {
  const server = spawn(process.execPath, [join(root, "server", "index.ts")], {
    env: { ...process.env, NODE_ENV: "", PORT: String(port), ...environment },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  let errors = "";
  server.stdout?.on("data", (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    lines.push(...parts);
  });
  server.stderr?.on("data", (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<number | string | null>((resolve) =>
    server.once("exit", (code, signal) => resolve(code ?? signal)),
  );
  const until = Date.now() + 30_000;
  while (!lines.some((line) => line.includes("IELTS Hub is serving"))) {
    if (server.exitCode !== null || Date.now() > until) {
      server.kill("SIGKILL");
      throw new Error(`The site did not start:\n${lines.join("\n")}\n${errors}`);
    }
    await delay(50);
  }
  return {
    process: server,
    port,
    origin: `http://127.0.0.1:${port}`,
    lines,
    exited,
    stop: async () => {
      if (server.exitCode === null && server.signalCode === null) {
        server.kill("SIGTERM");
        await exited;
      }
    },
  };
}

/** The security log's lines among what a site process wrote. */
export function securityLines(site: SiteProcess): Record<string, unknown>[] {
  return site.lines
    .filter((line) => line.includes('"log":"security"'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An HTTP(S) client as a browser on one machine: its own source address (any 127.x.y.z is this
 * machine's loopback), keep-alive connections, the test's certificate trusted, and a cookie jar.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie header this client received. */
  readonly setCookies: string[] = [];
  private readonly httpsAgent: HttpsAgent;
  private readonly httpAgent: HttpAgent;

  constructor(options: { localAddress: string; ca?: string }) {
    this.httpsAgent = new HttpsAgent({
      keepAlive: true,
      localAddress: options.localAddress,
      ca: options.ca,
      servername: "localhost",
    });
    this.httpAgent = new HttpAgent({ keepAlive: true, localAddress: options.localAddress });
  }

  /** The Cookie header this client sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  send(
    url: string,
    options: {
      method?: string;
      headers?: Record<string, string>;
      json?: unknown;
      withCookies?: boolean;
    } = {},
  ): Promise<Answer> {
    const { method = "GET", json, withCookies = true } = options;
    const body = json === undefined ? undefined : JSON.stringify(json);
    const headers: Record<string, string> = {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(withCookies && this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
      ...options.headers,
    };
    const secure = url.startsWith("https:");
    return new Promise<Answer>((resolve, reject) => {
      const outgoing = (secure ? httpsRequest : httpRequest)(
        url,
        { method, headers, agent: secure ? this.httpsAgent : this.httpAgent },
        (incoming) => {
          let text = "";
          incoming.setEncoding("utf8");
          incoming.on("data", (chunk: string) => {
            text += chunk;
          });
          incoming.on("error", reject);
          incoming.on("end", () => {
            if (withCookies) this.keep(incoming.headers["set-cookie"] ?? []);
            resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: text });
          });
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  }

  private keep(setCookies: string[]) {
    for (const setCookie of setCookies) {
      this.setCookies.push(setCookie);
      const [pair = "", ...attributes] = setCookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone =
        value === "" ||
        attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute)) ||
        attributes.some(
          (attribute) =>
            /^\s*expires\s*=/i.test(attribute) &&
            Date.parse(attribute.split("=").slice(1).join("=")) < Date.now(),
        );
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  close() {
    this.httpsAgent.destroy();
    this.httpAgent.destroy();
  }
}
