import { Hono } from "hono";
import { z } from "zod";
import {
  createService,
  findService,
  latestServices,
  listServices,
  SERVICES_PAGE_SIZE,
  serviceInputSchema,
} from "../../core/services.server.ts";
import { publicJson } from "../http-caching.ts";
import { problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
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
 * `GET /api/services/{id}` for anyone (cacheable, with an ETag), and `POST /api/services` for a
 * signed-in caller, counted against the same limits as the add-service form.
 */
export function servicesApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const { serviceJson } = apiShapes(baseUrl);

  api.get("/", async (c) => publicJson(c, (await latestServices(db)).map(serviceJson)));

  api.get("/services", async (c) => {
    const query = pageQuery.safeParse({
      page: c.req.query("page") || undefined,
      size: c.req.query("size") || undefined,
    });
    if (!query.success) {
      return c.json({ message: query.error.issues.map((issue) => issue.message).join("; ") }, 400);
    }
    const { services, count } = await listServices(db, query.data);
    return publicJson(c, { services: services.map(serviceJson), count });
  });

  api.get("/services/:id", async (c) => {
    const service = await findService(db, c.req.param("id"));
    if (!service) return c.json({ message: "No service has this id." }, 404);
    return publicJson(c, serviceJson(service));
  });

  // Only the fields named here are read: a `_id` or creator smuggled into the body changes nothing.
  api.post("/services", requireApiUser(options), async (c) => {
    const body = z
      .object({
        serviceName: z.unknown(),
        price: z.unknown(),
        description: z.unknown(),
        img: z.unknown(),
      })
      .partial()
      .safeParse(await readJson(c));
    if (!body.success) return c.json({ message: "Send a JSON object." }, 400);
    const { serviceName, price, description, img } = body.data;
    const input = serviceInputSchema.safeParse({
      serviceName,
      price: typeof price === "number" ? String(price) : price,
      description,
      imageUrl: img ?? "",
    });
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const created = await createService(db, { writer: writerOf(c, options), input: input.data });
    if (!created.ok) return tooManyWrites(c, options, created);
    return c.json({ insertedId: created.id }, 201);
  });

  return api;
}
