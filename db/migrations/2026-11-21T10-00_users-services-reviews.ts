import { type Kysely, sql } from "kysely";
import { columnTypes } from "./column-types.ts";

export async function up(db: Kysely<unknown>): Promise<void> {
  const type = columnTypes(db);

  // Shaped like Better Auth's user model so the accounts feature maps onto it field by field.
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("email_verified", type.boolean, (c) => c.notNull().defaultTo(type.falseValue))
    .addColumn("image", "text")
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("services")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("image_url", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("services_newest_first")
    .on("services")
    .columns(["created_at desc", "id desc"])
    .execute();

  await db.schema
    .createTable("reviews")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("service_id", "text", (c) =>
      c.notNull().references("services.id").onDelete("cascade"),
    )
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("rating", "integer", (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", type.timestamp, (c) => c.notNull())
    .addColumn("updated_at", type.timestamp, (c) => c.notNull())
    .addUniqueConstraint("reviews_one_per_user_and_service", ["service_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("reviews_by_service_newest_first")
    .on("reviews")
    .columns(["service_id", "created_at desc"])
    .execute();
  await db.schema
    .createIndex("reviews_by_user_newest_first")
    .on("reviews")
    .columns(["user_id", "created_at desc"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("reviews").execute();
  await db.schema.dropTable("services").execute();
  await db.schema.dropTable("users").execute();
}
