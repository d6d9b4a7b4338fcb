import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Mail } from "../core/mail-outbox.server.ts";
import type { Config } from "./config.ts";

export type { Mail };

/** Sends one message now; throws when it could not (the outbox worker then tries again). */
export type SendMail = (mail: Mail) => Promise<void>;

/**
 * The transport the outbox worker (server/mail-outbox.ts) sends through: nodemailer to SMTP_URL
 * when set, otherwise `.eml` files under DATA_DIR/outbox so that a password reset can be
 * finished on a machine with no mail server. The log says only that a file was written and
 * where: a message may hold a reset link, and logs are read by more people than mailboxes.
 */
export function createMailer(config: Config): SendMail {
  if (config.smtpUrl) {
    // Short timeouts: a hung server must not hold a worker past its claim on the row.
    const transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return async ({ to, subject, text, replyTo }) => {
      await transport.sendMail({ from: config.mailFrom, to, subject, text, replyTo });
    };
  }
  const outbox = join(config.dataDirectory, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return async ({ to, subject, text, replyTo }) => {
    const { message } = await transport.sendMail({
      from: config.mailFrom,
      to,
      subject,
      text,
      replyTo,
    });
    mkdirSync(outbox, { recursive: true });
    const file = join(
      outbox,
      `${new Date().toISOString().replaceAll(":", "-")}-${crypto.randomUUID()}.eml`,
    );
    writeFileSync(file, message as Buffer);
    console.log(`Mail to ${to} written to ${file}`);
  };
}
