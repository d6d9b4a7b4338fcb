import { type Context, Hono } from "hono";
import { z } from "zod";
import { catalogueFilterSchema, listServices } from "../../core/catalogue.server.ts";
import { summarizeCourseReviews } from "../../core/course-reviews.server.ts";
import { type PreparedImage, readImageUpload } from "../../core/images.server.ts";
import type { WriteLimited } from "../../core/rate-limit.server.ts";
import {
  createService,
  deleteService,
  findService,
  latestServices,
  mayChangeService,
  SERVICES_PAGE_SIZE,
  type ServiceInput,
  type ServiceRefusal,
  serviceInputSchema,
  updateService,
} from "../../core/services.server.ts";
import { ownUploadPath } from "../../core/uploaded-images.ts";
import { publicJson } from "../http-caching.ts";
import { isMultipart } from "../request-bodies.ts";
import { problems, readJson, readMultipart } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  refuseChange,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { apiShapes } from "./shapes.ts";

const MAX_PAGE_SIZE = 100;

const pageQuery = z.object({
  page: z.coerce
    .number({ error: "page must be a whole number from 0" })
    .int("page must be a whole number from 0")
    .min(0, "page must be a whole number from 0")
    .max(1_000_000, "page is too large")
    .default(0),
  size: z.coerce
    .number({ error: `size must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `size must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(SERVICES_PAGE_SIZE),
});

/** The multipart field that carries a course's picture (JPEG, PNG or WebP, at most 5 MB). */
const IMAGE_FIELD = "image";
/** Details sent as their JSON text in a multipart body (an object or a list). */
const JSON_DETAILS = new Set(["level", "length", "learningPoints"]);
/** Details an empty multipart field clears (null), as an empty field does on the Edit page. */
const DETAILS = new Set([...JSON_DETAILS, "module", "format"]);

/**
 * A multipart body's text fields in the JSON body's shape: `level`, `length` and
 * `learningPoints` are read as JSON (text that is not JSON is left for the schema to refuse),
 * and an empty detail is null.
 */
function multipartServiceBody(fields: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      if (!DETAILS.has(name)) return [name, value];
      if (value.trim() === "") return [name, null];
      if (!JSON_DETAILS.has(name)) return [name, value];
      try {
        return [name, JSON.parse(value)];
      } catch {
        return [name, value];
      }
    }),
  );
}

type ServiceInputRead =
  | { ok: true; input: ServiceInput; upload: PreparedImage | undefined }
  | { ok: false; message: string };

/**
 * The services (courses) of the JSON API: `GET /api/`, `GET /api/services`,
 * `GET /api/services/{id}` for anyone (cacheable, with an ETag; courses in the catalogue only);
 * `POST /api/services` for a signed-in caller, and `PATCH`/`DELETE /api/services/{id}` for the
 * course's creator or an owner, counted against the same limits as the forms. `POST` and `PATCH`
 * take a JSON body, or a multipart one with a picture in `image` (decision 0028).
 */
export function servicesApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const { serviceJson, serviceWithSummaryJson } = apiShapes(baseUrl);
  const apiUser = requireApiUser(options);

  api.get("/", async (c) => publicJson(c, (await latestServices(db)).map(serviceJson)));

  api.get("/services", async (c) => {
    // An empty parameter means "not given", as a form's empty field does.
    const given = Object.fromEntries(
      Object.entries(c.req.query()).filter(([, value]) => value !== ""),
    );
    const paging = pageQuery.safeParse(given);
    const filter = catalogueFilterSchema.safeParse(given);
    if (!paging.success || !filter.success) {
      const issues = [...(paging.error?.issues ?? []), ...(filter.error?.issues ?? [])];
      return c.json({ message: issues.map((issue) => issue.message).join("; ") }, 400);
    }
    const { services, count } = await listServices(db, { ...paging.data, ...filter.data });
    return publicJson(c, { services: services.map(serviceJson), count });
  });

  api.get("/services/:id", async (c) => {
    const service = await findService(db, c.req.param("id"));
    if (!service) return c.json({ message: "No service has this id." }, 404);
    return publicJson(
      c,
      serviceWithSummaryJson(service, await summarizeCourseReviews(db, service.id)),
    );
  });

  // Only the fields named here are read: a `_id` or creator smuggled into the body changes nothing.
  const serviceBody = z
    .object({
      serviceName: z.unknown(),
      price: z.unknown(),
      description: z.unknown(),
      img: z.unknown(),
      module: z.unknown(),
      level: z.unknown(),
      length: z.unknown(),
      format: z.unknown(),
      learningPoints: z.unknown(),
    })
    .partial();

  /**
   * The course's fields from a JSON body, or from a multipart one (the same fields as text, the
   * picture as a file in `image`). The fields are checked first; then the picture, by the very
   * code the Add and Edit pages use (`readImageUpload`: by content, at most 5 MB, resized to
   * WebP). Nothing is stored here.
   */
  const readServiceInput = async (c: Context<ApiUserEnv>): Promise<ServiceInputRead> => {
    const multipart = isMultipart(c) ? await readMultipart(c, [IMAGE_FIELD]) : undefined;
    if (multipart && !multipart.ok) return multipart;
    const parsed = serviceBody.safeParse(
      multipart ? multipartServiceBody(multipart.fields) : await readJson(c),
    );
    if (!parsed.success) return { ok: false, message: "Send a JSON object." };
    const { serviceName, price, description, img, ...details } = parsed.data;
    const input = serviceInputSchema.safeParse({
      serviceName,
      price: typeof price === "number" ? String(price) : price,
      description,
      imageUrl: img ?? "",
      ...details,
    });
    if (!input.success) return { ok: false, message: problems(input.error) };
    const picture = multipart
      ? await readImageUpload(multipart.form, IMAGE_FIELD)
      : ({ ok: true, image: undefined } as const);
    if (!picture.ok) return picture;
    return {
      ok: true,
      input: { ...input.data, imageUrl: ownUploadPath(input.data.imageUrl, baseUrl) },
      upload: picture.image,
    };
  };

  // Someone else's course: 403 when they can see it, 404 when it is not theirs to see.
  const refused = (c: Context<ApiUserEnv>, refusal: ServiceRefusal | WriteLimited) => {
    if (refusal.reason === "rate-limited") return tooManyWrites(c, options, refusal);
    return refuseChange(c, options, refusal.reason, {
      notFound: "No service has this id.",
      forbidden: "Only the service's creator or the site's owner may change it.",
    });
  };

  api.post("/services", apiUser, async (c) => {
    const read = await readServiceInput(c);
    if (!read.ok) return c.json({ message: read.message }, 400);
    const created = await createService(db, {
      writer: writerOf(c, options),
      input: read.input,
      upload: read.upload,
    });
    if (!created.ok) return tooManyWrites(c, options, created);
    options.wakeWebhookWorker?.();
    return c.json({ insertedId: created.id }, 201);
  });

  // Who may change the course is settled before the body is read: anyone else is refused
  // whatever they sent, and their picture is never decoded.
  api.patch("/services/:id", apiUser, async (c) => {
    const serviceId = c.req.param("id");
    const allowed = await mayChangeService(db, { actor: c.get("apiUser"), serviceId });
    if (!allowed.ok) return refused(c, allowed);
    const read = await readServiceInput(c);
    if (!read.ok) return c.json({ message: read.message }, 400);
    const updated = await updateService(db, {
      writer: writerOf(c, options),
      serviceId,
      input: read.input,
      upload: read.upload,
    });
    if (!updated.ok) return refused(c, updated);
    return c.json({ modifiedCount: 1 });
  });

  // A service with reviews is unpublished rather than deleted (restorable by the owner).
  api.delete("/services/:id", apiUser, async (c) => {
    const deleted = await deleteService(db, {
      writer: writerOf(c, options),
      serviceId: c.req.param("id"),
    });
    if (!deleted.ok) return refused(c, deleted);
    return c.json({ deletedCount: 1 });
  });

  return api;
}
