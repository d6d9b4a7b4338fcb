import type { DB } from "../db/index.ts";
import { type ServiceRow, toDate } from "../db/schema.ts";
import { centsToPrice } from "./format.ts";

/** SPEC §9: the catalogue shows 9 services a page; pages are counted from 0. */
export const SERVICES_PAGE_SIZE = 9;
export const HOME_PREVIEW_COUNT = 3;

export interface Rating {
  /** Average of the reviews' stars, to one decimal. */
  average: number;
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
