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
const ratingStatements = new Map<number, ReturnType<DatabaseSync["prepare"]>>();
const pad = (n: number) => String(n).padStart(2, "0");

createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const size = Number(url.searchParams.get("size") ?? 9);
  const pageIndex = Number(url.searchParams.get("page") ?? 0);
  const rows = page.all(size, pageIndex * size) as Record<string, string | number>[];
  let ratings = ratingStatements.get(rows.length);
  if (!ratings) {
    ratings = database.prepare(
      `select service_id, sum(review_count) as count, sum(stars * review_count) as total from review_tallies
        where service_id in (${rows.map(() => "?").join(",")}) and stars > 0 and review_count > 0 group by service_id`,
    );
    ratingStatements.set(rows.length, ratings);
  }
  const byService = new Map(
    (
      ratings.all(...rows.map((row) => row.id as string)) as {
        service_id: string;
        count: number;
        total: number;
      }[]
    ).map((r) => [r.service_id, r]),
  );
  const services = rows.map((row) => {
    const at = new Date(row.created_at as string);
    const rating = byService.get(row.id as string);
    return {
      _id: row.id,
      serviceName: row.name,
      price: (row.price_cents as number) / 100,
      description: row.description,
      img: row.image_url,
      rating: rating ? Math.round((rating.total / rating.count) * 10) / 10 : null,
      ratingCount: rating?.count ?? 0,
      addTime: {
        date: `${at.getUTCDate()}/${at.getUTCMonth() + 1}/${at.getUTCFullYear()}`,
        time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`,
      },
    };
  });
  const body = JSON.stringify({ services, count: (count.get() as { count: number }).count });
  response.writeHead(200, { "content-type": "application/json" });
  response.end(body);
}).listen(Number(port), "127.0.0.1");
