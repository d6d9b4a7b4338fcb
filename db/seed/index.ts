import type { DB } from "../index.ts";
import { catalogue, coverPath } from "./catalogue.ts";

const SEED_EPOCH = Date.UTC(2022, 0, 10, 9, 0, 0);
const ONE_DAY = 24 * 60 * 60 * 1000;

/**
 * Creates the teacher's catalogue when there is no service at all, so a fresh install shows a
 * real site; a database that already has services (or had them deleted by hand) is left alone.
 * Returns how many services were created.
 */
export async function seedCatalogueIfEmpty(db: DB): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("services").select("id").limit(1).executeTakeFirst();
    if (existing) return 0;
    await trx
      .insertInto("services")
      .values(
        catalogue.map((course, index) => ({
          id: crypto.randomUUID(),
          name: course.name,
          price_cents: course.priceCents,
          description: course.description,
          image_url: coverPath(course.slug),
          created_by: null,
          created_at: new Date(SEED_EPOCH + index * 7 * ONE_DAY).toISOString(),
        })),
      )
      .execute();
    return catalogue.length;
  });
}
