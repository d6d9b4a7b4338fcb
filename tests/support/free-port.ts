import { createServer } from "node:net";

/**
 * A port nothing listens on now, chosen by the system. Tests that start servers take one each
 * instead of a random number in a fixed range: two such ranges overlapped, and a server that
 * found its port taken stopped a test now and then in a full run.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
