import { z } from "zod";
import type { DB } from "../db/index.ts";
import { type ServiceRow, toDate } from "../db/schema.ts";
import { MAX_SERVICE_DESCRIPTION_LENGTH, MAX_SERVICE_NAME_LENGTH } from "./field-limits.ts";
import { centsToPrice } from "./format.ts";
import { isPlausibleId } from "./ids.ts";
import { countWrite, type WriteLimited, type Writer } from "./rate-limit.server.ts";
import { requiredText } from "./required-text.ts";
import { optionalHttpUrl } from "./web-address.ts";

/** The cover of a service added without an image (public/images/services/course.svg). */
export const DEFAULT_COVER = "/images/services/course.svg";

/** The catalogue shows 9 services a page; pages are counted from 0. */
export const SERVICES_PAGE_SIZE = 9;
export const HOME_PREVIEW_COUNT = 3;

export interface Rating {
  /** Average of the reviews' stars, to one decimal. */
  average: number;
  /** How many reviews gave stars (reviews without stars are not counted). */
  count: number;
}

export interface Service {
  id: string;
  name: string;
  price: number;
  description: string;
  imageUrl: string;
  rating: Rating | null;
  createdAt: Date;
}

export interface ServicePage {
  services: Service[];
  count: number;
}

export async function listServices(
  db: DB,
  { page, size }: { page: number; size: number },
): Promise<ServicePage> {
  const [services, total] = await Promise.all([
    newestFirst(db, { offset: page * size, limit: size }),
    db
      .selectFrom("services")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .executeTakeFirstOrThrow(),
  ]);
  return { services, count: Number(total.count) };
}

export async function latestServices(db: DB, count = HOME_PREVIEW_COUNT): Promise<Service[]> {
  return newestFirst(db, { offset: 0, limit: count });
}

async function newestFirst(db: DB, { offset, limit }: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom("services")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return withRatings(db, rows);
}

export async function findService(db: DB, id: string): Promise<Service | undefined> {
  if (!isPlausibleId(id)) return undefined;
  const row = await db.selectFrom("services").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? (await withRatings(db, [row]))[0] : undefined;
}

async function withRatings(db: DB, rows: ServiceRow[]): Promise<Service[]> {
  if (rows.length === 0) return [];
  const ratings = await db
    .selectFrom("reviews")
    .select((eb) => [
      "service_id",
      eb.fn.avg<number | string>("rating").as("average"),
      eb.fn.countAll<number | string>().as("count"),
    ])
    .where(
      "service_id",
      "in",
      rows.map((row) => row.id),
    )
    // A review posted without stars says nothing about them: it is left out of average and count.
    .where("rating", "is not", null)
    .groupBy("service_id")
    .execute();
  const byService = new Map(
    ratings.map((r) => [
      r.service_id,
      { average: Math.round(Number(r.average) * 10) / 10, count: Number(r.count) },
    ]),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    price: centsToPrice(row.price_cents),
    description: row.description,
    imageUrl: row.image_url,
    rating: byService.get(row.id) ?? null,
    createdAt: toDate(row.created_at),
  }));
}

const MAX_PRICE = 100_000;

/** The Add Service form's fields, with the bounds a real catalogue needs. */
export const serviceInputSchema = z.object({
  serviceName: requiredText(
    "Please enter the service name.",
    MAX_SERVICE_NAME_LENGTH,
    `Please keep the name under ${MAX_SERVICE_NAME_LENGTH} characters.`,
  ),
  price: z
    .string({ error: "Please enter a price." })
    .trim()
    .min(1, "Please enter a price.")
    .regex(
      /^\d+(\.\d{1,2})?$/,
      "Please enter a price such as 49 or 49.50 (at most two decimals, not negative).",
    )
    .transform(Number)
    .refine((price) => price <= MAX_PRICE, `Please enter a price of at most ${MAX_PRICE}.`),
  imageUrl: optionalHttpUrl,
  description: requiredText(
    "Please enter a description.",
    MAX_SERVICE_DESCRIPTION_LENGTH,
    `Please keep the description under ${MAX_SERVICE_DESCRIPTION_LENGTH} characters.`,
  ),
});
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/**
 * Adds a course to the catalogue, recording who added it, once the write passes the writer's
 * limits (per address, and new courses per account).
 */
export async function createService(
  db: DB,
  { writer, input }: { writer: Writer; input: ServiceInput },
): Promise<{ ok: true; id: string } | WriteLimited> {
  const limited = await countWrite(db, writer, "services");
  if (limited) return limited;
  const id = crypto.randomUUID();
  await db
    .insertInto("services")
    .values({
      id,
      name: input.serviceName,
      price_cents: Math.round(input.price * 100),
      description: input.description,
      image_url: input.imageUrl ?? DEFAULT_COVER,
      created_by: writer.userId,
      created_at: new Date().toISOString(),
    })
    .execute();
  return { ok: true, id };
}
