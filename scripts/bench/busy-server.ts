/**
 * The benchmark's second yardstick: a bare node:http server, on `processes` processes
 * (node:cluster, as WEB_CONCURRENCY runs the site), that spends `cpuMs` of CPU on every answer
 * before sending a small JSON body. No I/O, no allocation, no garbage collection: what any
 * server costing that much per answer gets on this machine, under the same load. Against it the
 * signed-in pages' CPU per answer says whether their p99 budget is within the machine's reach.
 *
 * node scripts/bench/busy-server.ts <port> <processes> <cpuMs>   (port 0: any free one, printed)
 */
import cluster from "node:cluster";
import { createServer } from "node:http";

const [port, processes, cpuMs] = process.argv.slice(2).map(Number);
if (
  port === undefined ||
  Number.isNaN(port) ||
  !processes ||
  cpuMs === undefined ||
  Number.isNaN(cpuMs)
) {
  throw new Error("Usage: node scripts/bench/busy-server.ts <port> <processes> <cpuMs>");
}

if (cluster.isPrimary && processes > 1) {
  let listening = 0;
  for (let i = 0; i < processes; i++) {
    cluster.fork().on("listening", (address) => {
      if (++listening === processes)
        console.log(`All ${processes} processes are serving on port ${address.port}.`);
    });
  }
} else {
  const server = createServer((_request, response) => {
    // CPU time, not wall time: a process waiting for a core spends nothing meanwhile.
    const started = process.cpuUsage();
    for (;;) {
      const spent = process.cpuUsage(started);
      if (spent.user + spent.system >= cpuMs * 1000) break;
    }
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"hello":"world"}');
  });
  server.listen(port, "127.0.0.1", () => {
    const address = server.address();
    if (processes === 1 && typeof address === "object" && address)
      console.log(`All 1 processes are serving on port ${address.port}.`);
  });
}
