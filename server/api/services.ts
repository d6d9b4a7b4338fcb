import { type Context, Hono } from "hono";
import { z } from "zod";
import { catalogueFilterSchema, listServices } from "../../core/catalogue.server.ts";
import { summarizeCourseReviews } from "../../core/course-reviews.server.ts";
import type { WriteLimited } from "../../core/rate-limit.server.ts";
import {
  createService,
  deleteService,
  findService,
  latestServices,
  SERVICES_PAGE_SIZE,
  type ServiceRefusal,
  serviceInputSchema,
  updateService,
} from "../../core/services.server.ts";
import { publicJson } from "../http-caching.ts";
import { problems, readJson } from "./bodies.ts";
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

/**
 * The services (courses) of the JSON API: `GET /api/`, `GET /api/services`,
 * `GET /api/services/{id}` for anyone (cacheable, with an ETag; courses in the catalogue only);
 * `POST /api/services` for a signed-in caller, and `PATCH`/`DELETE /api/services/{id}` for the
 * course's creator or an owner, counted against the same limits as the forms.
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
  const readServiceInput = async (c: { req: { json: () => Promise<unknown> } }) => {
    const body = z
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
      .partial()
      .safeParse(await readJson(c));
    if (!body.success) return { ok: false, message: "Send a JSON object." } as const;
    const { serviceName, price, description, img, ...details } = body.data;
    const input = serviceInputSchema.safeParse({
      serviceName,
      price: typeof price === "number" ? String(price) : price,
      description,
      imageUrl: img ?? "",
      ...details,
    });
    if (!input.success) return { ok: false, message: problems(input.error) } as const;
    return { ok: true, input: input.data } as const;
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
    const created = await createService(db, { writer: writerOf(c, options), input: read.input });
    if (!created.ok) return tooManyWrites(c, options, created);
    return c.json({ insertedId: created.id }, 201);
  });

  api.patch("/services/:id", apiUser, async (c) => {
    const read = await readServiceInput(c);
    if (!read.ok) return c.json({ message: read.message }, 400);
    const updated = await updateService(db, {
      writer: writerOf(c, options),
      serviceId: c.req.param("id"),
      input: read.input,
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
