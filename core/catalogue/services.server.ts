import { z } from "zod";
import type { DB } from "../../db/index.ts";
import { inlineLimit } from "../../db/inline-limit.ts";
import { precompiled } from "../../db/precompiled.ts";
import { type ServiceRow, type ServiceStatus, toDate } from "../../db/schema.ts";
import type { SignedInUser } from "../accounts/signed-in-user.ts";
import { centsToPrice } from "../format.ts";
import { isPlausibleId } from "../ids.ts";
import { type PreparedImage, storeImage } from "../images/images.server.ts";
import { DEFAULT_COVER, isUploadedImage } from "../images/uploaded-images.ts";
import { MAX_SERVICE_DESCRIPTION_LENGTH, MAX_SERVICE_NAME_LENGTH } from "../limits/field-limits.ts";
import { countWrite, type WriteLimited, type Writer } from "../limits/rate-limit.server.ts";
import { requiredText } from "../required-text.ts";
import { getSiteSettings } from "../site/site-settings.server.ts";
import { optionalHttpUrl } from "../web-address.ts";
import { queueWebhookEvent } from "../webhooks/webhooks.server.ts";
import {
  type CourseDetails,
  courseDetailsFields,
  detailsColumns,
  detailsOf,
  serviceFormValues,
} from "./course-details.server.ts";

export { DEFAULT_COVER };

/** The catalogue shows 9 services a page; pages are counted from 0. */
export const SERVICES_PAGE_SIZE = 9;
export const HOME_PREVIEW_COUNT = 3;

export interface Rating {
  /** Average of the reviews' stars, to one decimal. */
  average: number;
  /** How many reviews gave stars (reviews without stars are not counted). */
  count: number;
}

export type { ServiceStatus };

export interface Service {
  id: string;
  name: string;
  price: number;
  description: string;
  imageUrl: string;
  rating: Rating | null;
  createdAt: Date;
  /** Who added it: null for the teacher's seeded catalogue. */
  createdBy: string | null;
  status: ServiceStatus;
  /** Its visible reviews, with or without stars. */
  reviewCount: number;
  details: CourseDetails;
}

export interface ServicePage {
  services: Service[];
  count: number;
}

export async function latestServices(db: DB, count = HOME_PREVIEW_COUNT): Promise<Service[]> {
  return newestFirst(db, { offset: 0, limit: count });
}

async function newestFirst(db: DB, { offset, limit }: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom("services")
    .selectAll()
    .where("status", "=", "published")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(limit))
    .offset(offset)
    .execute();
  return rows.map(toService);
}

/**
 * The catalogue's courses with the moment each was added, newest first, at most `limit`: what the
 * sitemap lists. A course keeps no time of its last edit, so when it was added is all there is.
 */
export async function listCatalogueDates(
  db: DB,
  limit: number,
): Promise<{ id: string; createdAt: Date }[]> {
  const rows = await db
    .selectFrom("services")
    .select(["id", "created_at"])
    .where("status", "=", "published")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(inlineLimit(limit))
    .execute();
  return rows.map((row) => ({ id: row.id, createdAt: toDate(row.created_at) }));
}

/** A course in the catalogue (not one waiting for approval or unpublished). */
export async function findService(db: DB, id: string): Promise<Service | undefined> {
  const service = await findAnyService(db, id);
  return service?.status === "published" ? service : undefined;
}

/**
 * The course as this viewer may see it: a published one for anyone; one waiting for approval for
 * its creator and the owners; an unpublished one for the owners only.
 */
export async function findServiceFor(
  db: DB,
  id: string,
  viewer: Viewer | null,
): Promise<Service | undefined> {
  const service = await findAnyService(db, id);
  if (!service) return undefined;
  if (service.status === "published" || viewer?.isOwner) return service;
  if (service.status === "pending" && viewer && service.createdBy === viewer.id) return service;
  return undefined;
}

async function findAnyService(db: DB, id: string): Promise<Service | undefined> {
  if (!isPlausibleId(id)) return undefined;
  const [row] = await serviceById(db, id);
  return row ? toService(row) : undefined;
}

// Read on every course page: compiled once (db/precompiled.ts).
const serviceById = precompiled((db: DB, id: string) =>
  db.selectFrom("services").selectAll().where("id", "=", id),
);

/** Who looks at or changes a course. */
export type Viewer = Pick<SignedInUser, "id" | "isOwner">;

/** The owners change any course; a student the ones they added. */
export function mayManageService(viewer: Viewer | null, service: Service): boolean {
  return Boolean(viewer && (viewer.isOwner || service.createdBy === viewer.id));
}

/** A course as the pages and the API see it, its rating from the counts its row keeps. */
export function toService(row: ServiceRow): Service {
  return {
    id: row.id,
    name: row.name,
    price: centsToPrice(row.price_cents),
    description: row.description,
    imageUrl: row.image_url,
    rating:
      row.rating_count === 0
        ? null
        : {
            average: Math.round((row.rating_sum / row.rating_count) * 10) / 10,
            count: row.rating_count,
          },
    createdAt: toDate(row.created_at),
    createdBy: row.created_by,
    status: row.status,
    reviewCount: row.review_count,
    details: detailsOf(row),
  };
}

export const MAX_PRICE = 100_000;

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
  ...courseDetailsFields,
});

/** The Add and Edit forms: the same fields, the details sent flat (see serviceFormValues). */
export const serviceFormSchema = z.preprocess(
  (values) => serviceFormValues(values as Record<string, string>),
  serviceInputSchema,
);

export type ServiceInput = z.infer<typeof serviceInputSchema>;

/**
 * The details this writer may set: the number of Writing answers marked is the owners' alone,
 * ignored from anyone else (as an unknown field is), so a student's course, or a student's edit
 * of one, never gives marking and never takes away what an owner set.
 */
function ownersDetails(writer: Writer, input: ServiceInput): ServiceInput {
  if (writer.isOwner || input.writingAnswersMarked === undefined) return input;
  const { writingAnswersMarked: _, ...rest } = input;
  return rest;
}

/**
 * Adds a course to the catalogue, recording who added it, once the write passes the writer's
 * limits (per address, and new courses per account).
 */
export async function createService(
  db: DB,
  {
    writer,
    input,
    upload,
  }: {
    writer: Writer;
    input: ServiceInput;
    /** An uploaded picture (checked and resized), used instead of the Image Url. */
    upload?: PreparedImage;
  },
): Promise<{ ok: true; id: string; status: ServiceStatus } | WriteLimited> {
  const limited = await countWrite(db, writer, "services");
  if (limited) return limited;
  const uploadedUrl = upload && (await storeImage(db, upload, writer.userId));
  const { studentCoursesNeedApproval } = await getSiteSettings(db);
  const status: ServiceStatus =
    studentCoursesNeedApproval && !writer.isOwner ? "pending" : "published";
  const id = crypto.randomUUID();
  const now = new Date();
  const priceCents = Math.round(input.price * 100);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("services")
      .values({
        id,
        name: input.serviceName,
        price_cents: priceCents,
        description: input.description,
        image_url: uploadedUrl ?? input.imageUrl ?? DEFAULT_COVER,
        ...detailsColumns(ownersDetails(writer, input)),
        created_by: writer.userId,
        created_at: now.toISOString(),
        status,
      })
      .execute();
    await queueWebhookEvent(
      trx,
      "service.created",
      async () => {
        const creator = await trx
          .selectFrom("users")
          .select("name")
          .where("id", "=", writer.userId)
          .executeTakeFirstOrThrow();
        return {
          id,
          name: input.serviceName,
          price: centsToPrice(priceCents),
          description: input.description,
          status: status === "pending" ? "pending" : "published",
          creatorName: creator.name,
          createdAt: now.toISOString(),
        };
      },
      { aboutUserId: writer.userId, now },
    );
  });
  return { ok: true, id, status };
}

/** Why a change to a course was refused: unseen by this user (404), or not theirs to change (403). */
export type ServiceRefusal = { ok: false; reason: "not-found" | "not-allowed" };

/**
 * Whether this user may change or delete the course: asked before the request's body is read, so
 * anyone else is refused (403, or 404 for a course they cannot see) whatever they sent. The
 * change itself asks again, in `updateService` and `deleteService`.
 */
export async function mayChangeService(
  db: DB,
  { actor, serviceId }: { actor: Viewer; serviceId: string },
): Promise<{ ok: true; service: Service } | ServiceRefusal> {
  const service = await findServiceFor(db, serviceId, actor);
  if (!service) return { ok: false, reason: "not-found" };
  if (!mayManageService(actor, service)) return { ok: false, reason: "not-allowed" };
  return { ok: true, service };
}

/** Changes a course's fields, for its creator or an owner; counted against the writer's limits. */
export async function updateService(
  db: DB,
  {
    writer,
    serviceId,
    input,
    upload,
    keepUploadedImage = false,
  }: {
    writer: Writer;
    serviceId: string;
    input: ServiceInput;
    /** A new uploaded picture (checked and resized), used instead of the Image Url. */
    upload?: PreparedImage;
    /**
     * The Edit form: with no new file and no Image Url, a course keeps its uploaded picture
     * (the form has no field holding it) rather than going back to the default cover.
     */
    keepUploadedImage?: boolean;
  },
): Promise<{ ok: true } | ServiceRefusal | WriteLimited> {
  const actor = { id: writer.userId, isOwner: writer.isOwner };
  const allowed = await mayChangeService(db, { actor, serviceId });
  if (!allowed.ok) return allowed;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  const current = allowed.service.imageUrl;
  const imageUrl =
    (upload && (await storeImage(db, upload, writer.userId))) ??
    input.imageUrl ??
    (keepUploadedImage && isUploadedImage(current) ? current : DEFAULT_COVER);
  await db
    .updateTable("services")
    .set({
      name: input.serviceName,
      price_cents: Math.round(input.price * 100),
      description: input.description,
      image_url: imageUrl,
      ...detailsColumns(ownersDetails(writer, input)),
    })
    .where("id", "=", serviceId)
    .execute();
  return { ok: true };
}

/**
 * Deletes a course, for its creator or an owner. A course with reviews is never lost silently:
 * it is unpublished instead (out of every list and page, restorable by an owner).
 */
export async function deleteService(
  db: DB,
  { writer, serviceId }: { writer: Writer; serviceId: string },
): Promise<{ ok: true; outcome: "deleted" | "unpublished" } | ServiceRefusal | WriteLimited> {
  const actor = { id: writer.userId, isOwner: writer.isOwner };
  const allowed = await mayChangeService(db, { actor, serviceId });
  if (!allowed.ok) return allowed;
  const limited = await countWrite(db, writer);
  if (limited) return limited;
  return db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom("reviews")
      .select("id")
      .where("service_id", "=", serviceId)
      .limit(inlineLimit(1))
      .executeTakeFirst();
    if (review) {
      await trx
        .updateTable("services")
        .set({ status: "unpublished" })
        .where("id", "=", serviceId)
        .execute();
      return { ok: true, outcome: "unpublished" } as const;
    }
    await trx.deleteFrom("services").where("id", "=", serviceId).execute();
    return { ok: true, outcome: "deleted" } as const;
  });
}

/**
 * The owner puts a course (back) into the catalogue: one waiting for approval, or one that was
 * unpublished. Anyone else: as if the course did not exist.
 */
export async function publishService(
  db: DB,
  { actor, serviceId }: { actor: Viewer; serviceId: string },
): Promise<{ ok: true } | ServiceRefusal> {
  if (!actor.isOwner || !isPlausibleId(serviceId)) return { ok: false, reason: "not-found" };
  const updated = await db
    .updateTable("services")
    .set({ status: "published" })
    .where("id", "=", serviceId)
    .where("status", "<>", "published")
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0 ? { ok: true } : { ok: false, reason: "not-found" };
}

/** What the owner looks after in /admin: courses waiting for approval, and unpublished ones. */
export async function listServicesOutOfCatalogue(db: DB): Promise<Service[]> {
  const rows = await db
    .selectFrom("services")
    .selectAll()
    .where("status", "<>", "published")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(toService);
}
