/**
 * The crowd of readers for `npm run bench:load`'s write phase, in a process of its own so that
 * its work does not delay the writers' clocks: `connections` anonymous connections asking for
 * `paths` in turn until told to stop (SIGTERM), then one JSON line on stdout with what they got.
 *
 * node scripts/bench/read-crowd.ts <origin> <connections> <path> [<path> …]
 */
import autocannon from "autocannon";

const [origin, connections, ...paths] = process.argv.slice(2);
if (!origin || !connections || paths.length === 0) {
  throw new Error("Usage: node scripts/bench/read-crowd.ts <origin> <connections> <path>…");
}

const instance = autocannon(
  {
    url: origin,
    connections: Number(connections),
    // Until stopped: the writers decide how long the phase lasts.
    duration: 3600,
    timeout: 10,
    headers: { "accept-encoding": "gzip, deflate, br" },
    requests: paths.map((path) => ({ method: "GET", path })),
  },
  (error, result) => {
    if (error) throw error;
    process.stdout.write(
      `${JSON.stringify({
        requests: result.requests.total,
        answered: result["2xx"],
        shed: result.statusCodeStats?.["503"]?.count ?? 0,
        non2xx: result.non2xx,
        timeouts: result.timeouts,
        errors: result.errors - result.timeouts,
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
      })}\n`,
    );
  },
);
process.once("SIGTERM", () => instance.stop());
// The first line: the crowd is reading (the writers wait for it).
process.stdout.write("reading\n");
