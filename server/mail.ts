import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Mail } from "../core/mail/mail-outbox.server.ts";
import type { Config } from "./config.ts";
import { maskEmail } from "./log-redaction.ts";

export type { Mail };

/** Sends one message now; throws when it could not (the outbox worker then tries again). */
export type SendMail = (mail: Mail) => Promise<void>;

/** A transport: sends, and lets go of its open connection when the site stops. */
export type Mailer = SendMail & { close: () => void };

/**
 * The transport the outbox worker (server/mail-outbox.ts) sends through: nodemailer to SMTP_URL
 * when set, otherwise `.eml` files under DATA_DIR/outbox so that a password reset can be
 * finished on a machine with no mail server. The log says only that a file was written and
 * where: a message may hold a reset link, and logs are read by more people than mailboxes.
 */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    // Short timeouts: a hung server must not hold a worker past its claim on the row. One
    // connection, kept open between messages while there are more (a newsletter's thousand
    // copies go through it without a new handshake each), closed after 10 s idle.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      pool: true,
      maxConnections: 1,
      idleTimeout: 10_000,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    const send: SendMail = async (mail) => {
      await transport.sendMail({ from: config.mailFrom, ...mail });
    };
    return Object.assign(send, { close: () => transport.close() });
  }
  const outbox = join(config.dataDirectory, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  const send: SendMail = async (mail) => {
    const { message } = await transport.sendMail({ from: config.mailFrom, ...mail });
    mkdirSync(outbox, { recursive: true });
    const file = join(
      outbox,
      `${new Date().toISOString().replaceAll(":", "-")}-${crypto.randomUUID()}.eml`,
    );
    writeFileSync(file, message as Buffer);
    // The file is named by time, not by the address, which the log must not carry whole.
    console.log(`Mail to ${maskEmail(mail.to)} written to ${file}`);
  };
  return Object.assign(send, { close: () => transport.close() });
}
