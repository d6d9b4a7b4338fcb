/**
 * The yardstick for the API budget (at least half of bare Node): GET /api/services done the bare way — node:http,
 * node:sqlite with hand-written SQL, JSON.stringify — with no framework, query builder or
 * middleware. It answers the same query with the same JSON as the site.
 *   node scripts/bench/bare-api-server.ts <sqlite file> <port>
 */
import { createServer } from "node:http";
import { DatabaseSync } from "node:sqlite";

const [path, port] = process.argv.slice(2);
const database = new DatabaseSync(path ?? "");
const page = database.prepare(
  "select * from services where status = 'published' order by created_at desc, id desc limit ? offset ?",
);
const count = database.prepare("select count(*) as count from services where status = 'published'");
const pad = (n: number) => String(n).padStart(2, "0");

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const size = Number(url.searchParams.get("size") ?? 9);
  const pageIndex = Number(url.searchParams.get("page") ?? 0);
  const rows = page.all(size, pageIndex * size) as Record<string, string | number>[];
  const services = rows.map((row) => {
    const at = new Date(row.created_at as string);
    // Each course keeps its own counts (migration 2026-11-23T15-00), as the site reads them.
    const ratingCount = row.rating_count as number;
    return {
      _id: row.id,
      serviceName: row.name,
      price: (row.price_cents as number) / 100,
      description: row.description,
      img: row.image_url,
      rating:
        ratingCount > 0 ? Math.round(((row.rating_sum as number) / ratingCount) * 10) / 10 : null,
      ratingCount,
      reviewCount: row.review_count,
      addTime: {
        date: `${at.getUTCDate()}/${at.getUTCMonth() + 1}/${at.getUTCFullYear()}`,
        time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`,
      },
      // The course's details, as the site's answer carries them.
      module: row.ielts_module,
      level: row.level_from === null ? null : { from: row.level_from, to: row.level_to },
      length: row.length_value === null ? null : { value: row.length_value, unit: row.length_unit },
      format: row.format,
      learningPoints: JSON.parse(row.learning_points as string),
    };
  });
  const body = JSON.stringify({ services, count: (count.get() as { count: number }).count });
  response.writeHead(200, { "content-type": "application/json" });
  response.end(body);
}).listen(Number(port), "127.0.0.1");
