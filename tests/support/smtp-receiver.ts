import { SMTPServer } from "smtp-server";

/** A message as the receiver got it: the envelope and the raw text, headers and all. */
export interface ReceivedMessage {
  from: string;
  to: string[];
  data: string;
}

/**
 * A local SMTP server (the real protocol, on a free port) standing in for the mail server a
 * deployment sends through. It takes every message unless told to refuse (`accepting = false`:
 * each recipient is answered 451, "try later"), and counts connections and delivery attempts.
 */
export async function startSmtpReceiver({ accepting = true } = {}) {
  const state = {
    accepting,
    connections: 0,
    /** Recipients offered (RCPT TO), accepted or not. */
    attempts: 0,
    received: [] as ReceivedMessage[],
    /**
     * Called as each message arrives, before it is acknowledged: from then on it counts as
     * delivered even if the client goes away before reading the answer, as a real mail server
     * has queued it by then.
     */
    onMessage: (_message: ReceivedMessage) => {},
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onConnect(_session, callback) {
      state.connections++;
      callback();
    },
    onRcptTo(_address, _session, callback) {
      state.attempts++;
      if (state.accepting) return callback();
      callback(Object.assign(new Error("Mailbox busy, try later"), { responseCode: 451 }));
    },
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => {
        data += chunk.toString("utf8");
      });
      stream.on("end", () => {
        const message = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          data,
        };
        state.received.push(message);
        state.onMessage(message);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpReceiver = Awaited<ReturnType<typeof startSmtpReceiver>>;

/** A raw message's headers unfolded (a long header continues on indented lines). */
export const unfoldHeaders = (raw: string) => raw.replace(/\r?\n[ \t]+/g, " ");
