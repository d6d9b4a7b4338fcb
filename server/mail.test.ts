import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { startSmtpReceiver } from "../tests/support/smtp-receiver.ts";
import { loadConfig } from "./config.ts";
import { createMailer } from "./mail.ts";

const directory = mkdtempSync(join(tmpdir(), "ielts-hub-mail-"));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe("createMailer", () => {
  it("delivers to the SMTP server SMTP_URL names", async () => {
    const smtp = await startSmtpReceiver();
    const send = createMailer(
      loadConfig({
        SMTP_URL: smtp.url,
        MAIL_FROM: "Hub <hub@example.com>",
        DATA_DIR: directory,
      }),
    );
    try {
      await send({
        to: "student@example.com",
        subject: "Choose a new password",
        text: "Your link: https://example.com/x",
      });
      expect(smtp.state.received).toHaveLength(1);
      expect(smtp.state.received[0]).toMatchObject({
        from: "hub@example.com",
        to: ["student@example.com"],
      });
      expect(smtp.state.received[0]?.data).toContain("Subject: Choose a new password");
      expect(smtp.state.received[0]?.data).toContain("Your link: https://example.com/x");
    } finally {
      send.close();
      await smtp.close();
    }
  });

  it("without SMTP_URL writes the message as a file and logs where, never what", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const send = createMailer(loadConfig({ DATA_DIR: directory }));
      await send({
        to: "student@example.com",
        subject: "Hello",
        text: "Kept for you: https://example.com/api/auth/reset-password/SECRET-TOKEN",
      });
      const files = readdirSync(join(directory, "outbox"));
      expect(files).toHaveLength(1);
      const message = readFileSync(join(directory, "outbox", files[0] ?? ""), "utf8");
      expect(message).toContain("To: student@example.com");
      expect(message).toContain("Kept for you");
      const logged = log.mock.calls.flat().join(" ");
      expect(logged).toContain(join(directory, "outbox", files[0] ?? ""));
      expect(logged).not.toContain("Kept for you");
      expect(logged).not.toContain("SECRET-TOKEN");
    } finally {
      log.mockRestore();
    }
  });
});
