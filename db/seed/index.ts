import type { DB } from "../index.ts";
import { type CatalogueService, catalogue, coverPath } from "./catalogue.ts";

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
          ...detailColumns(course.details),
        })),
      )
      .execute();
    return catalogue.length;
  });
}

function detailColumns(details: CatalogueService["details"]) {
  return {
    ielts_module: details.module,
    level_from: details.level?.from ?? null,
    level_to: details.level?.to ?? null,
    length_value: details.length?.value ?? null,
    length_unit: details.length?.unit ?? null,
    format: details.format,
    learning_points: JSON.stringify(details.learningPoints),
  };
}

/**
 * Gives the teacher's seeded courses their details on a database seeded before courses had any:
 * only a seeded course (no creator, its own name and cover) whose details are all still empty, so
 * nothing the teacher has set is overwritten. Returns how many courses were filled.
 */
export async function fillSeededCourseDetails(db: DB): Promise<number> {
  let filled = 0;
  for (const course of catalogue) {
    const result = await db
      .updateTable("services")
      .set(detailColumns(course.details))
      .where("created_by", "is", null)
      .where("name", "=", course.name)
      .where("image_url", "=", coverPath(course.slug))
      .where("ielts_module", "is", null)
      .where("level_from", "is", null)
      .where("length_value", "is", null)
      .where("format", "is", null)
      .where("learning_points", "=", "[]")
      .executeTakeFirst();
    filled += Number(result.numUpdatedRows);
  }
  return filled;
}
