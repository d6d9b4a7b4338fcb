/**
 * Starts the built site on a fresh SQLite database holding the seeded catalogue plus a few rows
 * the end-to-end tests look for (reviews exist before the reviews feature can write them).
 */
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../../db/index.ts";
import { migrateToLatest } from "../../../db/migrate.ts";
import { seedCatalogueIfEmpty } from "../../../db/seed/index.ts";
import { insertReview, insertService, insertUser } from "../../support/fixtures.ts";
import { e2eFixtures } from "./fixtures.ts";

// A clean data folder (database, outbox, generated files) for every run; the tests find the
// database there too (e2eDatabaseUrl in playwright.config.ts).
const dataDirectory = process.env.DATA_DIR ?? "";
if (!dataDirectory) throw new Error("DATA_DIR names the test server's data folder.");
rmSync(dataDirectory, { recursive: true, force: true });
mkdirSync(dataDirectory, { recursive: true });
const url = `file:${join(dataDirectory, "e2e.db")}`;
const { db } = openDatabase(url);
await migrateToLatest(db);
await seedCatalogueIfEmpty(db);

await insertService(db, {
  name: e2eFixtures.shortCourse.name,
  description: e2eFixtures.shortCourse.description,
  createdAt: new Date("2021-06-01T00:00:00Z"),
});
const reviewed = await insertService(db, {
  name: e2eFixtures.reviewedCourse.name,
  description: "A course with reviews, made for the end-to-end tests.",
  createdAt: new Date("2021-05-01T00:00:00Z"),
});
for (const review of e2eFixtures.reviewedCourse.reviews) {
  const userId = await insertUser(db, { name: review.author, image: review.photo });
  await insertReview(db, {
    serviceId: reviewed,
    userId,
    rating: review.rating,
    message: review.message,
    createdAt: new Date(review.at),
  });
}
await db.destroy();

process.env.DATABASE_URL = url;
await import("../../../server/index.ts");
