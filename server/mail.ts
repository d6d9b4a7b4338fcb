import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import nodemailer from "nodemailer";
import type { Config } from "./config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

/**
 * Outgoing mail through nodemailer: to SMTP_URL when set, otherwise into an outbox (each
 * message printed to the log and written as an .eml file under the data folder) so that a
 * password reset can be finished on a machine with no mail server.
 */
export function createMailer(config: Config): SendMail {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return async ({ to, subject, text }) => {
      await transport.sendMail({ from: config.mailFrom, to, subject, text });
    };
  }
  const outbox = join(config.dataDirectory, "outbox");
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: "unix",
  });
  return async ({ to, subject, text }) => {
    const { message } = await transport.sendMail({ from: config.mailFrom, to, subject, text });
    mkdirSync(outbox, { recursive: true });
    const file = join(
      outbox,
      `${new Date().toISOString().replaceAll(":", "-")}-${crypto.randomUUID()}.eml`,
    );
    writeFileSync(file, message as Buffer);
    console.log(`Mail to ${to} kept in the outbox (${file}): ${subject}\n${text}`);
  };
}
