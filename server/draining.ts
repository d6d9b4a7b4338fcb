import type { Server, ServerResponse } from "node:http";

/**
 * The last part of a graceful stop (decision 0041): the server accepts no new connection, and
 * every answer still to be sent, on a request in flight or one arriving on a connection still
 * open, says `Connection: close`, so a keep-alive client sends nothing more on it and the
 * connection ends with its answer instead of racing the close.
 */
export function createDrain(servers: readonly Server[]) {
  /** Answers not yet finished: only those answered after a wait (a cached one is sent at once). */
  const pending = new Set<ServerResponse>();
  let draining = false;

  return {
    /** Every request, before anything answers it. */
    admit(response: ServerResponse) {
      if (draining) response.setHeader("Connection", "close");
    },
    /** A request whose answer may take a while. */
    follow(response: ServerResponse) {
      pending.add(response);
      response.once("close", () => pending.delete(response));
    },
    /** Stops accepting connections; resolves once every open one has ended. */
    async drain(): Promise<void> {
      draining = true;
      for (const response of pending) {
        if (!response.headersSent) response.setHeader("Connection", "close");
      }
      const closed = Promise.all(
        servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
      );
      // An answer whose headers went out before the drain leaves its connection idle once sent:
      // that is closed then rather than left to its keep-alive timeout.
      const closeIdle = setInterval(() => {
        for (const server of servers) server.closeIdleConnections();
      }, 50);
      await closed.finally(() => clearInterval(closeIdle));
    },
  };
}
