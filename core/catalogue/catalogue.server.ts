import {
  type ExpressionBuilder,
  type Selectable,
  type SelectQueryBuilder,
  SqliteAdapter,
  sql,
} from "kysely";
import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import type { Database, ServicesTable } from "../../db/schema.ts";
import {
  CATALOGUE_SORT_IDS,
  type CatalogueSort,
  MAX_SEARCH_LENGTH,
  searchWords,
} from "./catalogue.ts";
import { COURSE_MODULE_IDS, type CourseModule } from "./course-details.ts";
import { MAX_PRICE, type Service, toService } from "./services.server.ts";

const price = (name: string) =>
  z.coerce
    .number({ error: `${name} is an amount such as 20 or 49.50.` })
    .min(0, `${name} cannot be negative.`)
    .max(MAX_PRICE, `${name} is at most ${MAX_PRICE}.`);

/** What narrows and orders the catalogue, from a URL's query: each one optional, each checked. */
export const catalogueFilterSchema = z
  .object({
    q: z
      .string()
      .trim()
      .max(MAX_SEARCH_LENGTH, `Please keep the search under ${MAX_SEARCH_LENGTH} characters.`)
      .optional(),
    sort: z
      .enum(CATALOGUE_SORT_IDS, { error: `sort is one of ${CATALOGUE_SORT_IDS.join(", ")}.` })
      .default("newest"),
    module: z.enum(COURSE_MODULE_IDS, { error: "module is academic, general or both." }).optional(),
    minPrice: price("The lowest price").optional(),
    maxPrice: price("The highest price").optional(),
  })
  .refine(
    ({ minPrice, maxPrice }) =>
      minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice,
    { message: "The lowest price cannot be above the highest.", path: ["maxPrice"] },
  );
export type CatalogueFilter = z.infer<typeof catalogueFilterSchema>;

/** Which stored modules each filter finds: a course for both modules is a course for each. */
const MODULES_FOUND: Record<CourseModule, CourseModule[]> = {
  academic: ["academic", "both"],
  general: ["general", "both"],
  both: ["both"],
};

/**
 * The very expressions the catalogue's indexes hold (migrations 2026-11-23T15-00 and 16-00):
 * changed here, they must change there.
 */
const AVERAGE_STARS = sql`coalesce(rating_sum * 1.0 / nullif(rating_count, 0), 0)`;
const POSTGRES_SEARCH_DOCUMENT = sql`to_tsvector('simple', regexp_replace(name || ' ' || description, '[^[:alnum:]]+', ' ', 'g'))`;

function matchesSearch(db: DB, words: string[]) {
  return (eb: ExpressionBuilder<Database, "services">) => {
    if (db.getExecutor().adapter instanceof SqliteAdapter) {
      // Each word a quoted prefix: FTS5's own syntax (AND, NEAR, column filters) stays out.
      const match = words.map((word) => `"${word}"*`).join(" ");
      return eb(
        "id",
        "in",
        sql<string>`(select service_id from services_search where services_search match ${match})`,
      );
    }
    const query = words.map((word) => `${word}:*`).join(" & ");
    return eb(sql`${POSTGRES_SEARCH_DOCUMENT} @@ to_tsquery('simple', ${query})`, "=", sql`true`);
  };
}

type CatalogueQuery = SelectQueryBuilder<Database, "services", Selectable<ServicesTable>>;

/** The chosen order; newest first among equals (added by the caller). */
function inOrder(query: CatalogueQuery, sort: CatalogueSort): CatalogueQuery {
  switch (sort) {
    case "newest":
      return query;
    case "price-low":
      return query.orderBy("price_cents", "asc");
    case "price-high":
      return query.orderBy("price_cents", "desc");
    case "rating":
      return query.orderBy(AVERAGE_STARS, "desc").orderBy("rating_count", "desc");
    case "most-reviewed":
      return query.orderBy("review_count", "desc");
  }
}

/**
 * One page of the published catalogue, narrowed and ordered as asked (newest first by default, and
 * newest first among equals), and how many courses match in all.
 */
export async function listServices(
  db: DB,
  { page, size, ...filter }: { page: number; size: number } & Partial<CatalogueFilter>,
): Promise<{ services: Service[]; count: number }> {
  const words = searchWords(filter.q ?? "");
  const published = db.selectFrom("services").where("status", "=", "published");
  let matching = published;
  if (words.length > 0) matching = matching.where(matchesSearch(db, words));
  if (filter.module) matching = matching.where("ielts_module", "in", MODULES_FOUND[filter.module]);
  if (filter.minPrice !== undefined) {
    matching = matching.where("price_cents", ">=", Math.round(filter.minPrice * 100));
  }
  if (filter.maxPrice !== undefined) {
    matching = matching.where("price_cents", "<=", Math.round(filter.maxPrice * 100));
  }
  // Kysely's builders are immutable: a filter above made a new one.
  const narrowed = matching !== published;
  const [rows, count] = await Promise.all([
    inOrder(matching.selectAll(), filter.sort ?? "newest")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(inlineLimit(size))
      .offset(page * size)
      .execute(),
    narrowed
      ? matching
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .executeTakeFirstOrThrow()
          .then(({ count }) => Number(count))
      : publishedCount(db),
  ]);
  return { services: rows.map(toService), count };
}

/** The whole published catalogue's size, from the tally its triggers keep. */
async function publishedCount(db: DB): Promise<number> {
  const tally = await db
    .selectFrom("catalogue_tallies")
    .select("course_count")
    .where("status", "=", "published")
    .executeTakeFirst();
  return tally?.course_count ?? 0;
}
