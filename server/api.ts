import { Hono } from "hono";
import { z } from "zod";
import { listReviewsForService } from "../core/reviews.ts";
import { findService, latestServices, listServices, SERVICES_PAGE_SIZE } from "../core/services.ts";
import type { DB } from "../db/index.ts";
import { apiShapes } from "./api-shapes.ts";
import { publicJson } from "./http-caching.ts";

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
 * The public, read-only JSON API. Writes come with accounts. `baseUrl` makes image
 * addresses absolute.
 */
export function publicApi({ db, baseUrl }: { db: DB; baseUrl: string }) {
  const api = new Hono();
  const { serviceJson, publicReviewJson } = apiShapes(baseUrl);

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
    const id = c.req.param("id");
    const service = await findService(db, id);
    if (!service) return c.json({ message: "No service has this id." }, 404);
    return publicJson(c, serviceJson(service));
  });

  api.get("/reviews/:serviceId", async (c) => {
    const serviceId = c.req.param("serviceId");
    const service = await findService(db, serviceId);
    if (!service) return c.json({ message: "No service has this id." }, 404);
    return publicJson(c, (await listReviewsForService(db, serviceId)).map(publicReviewJson));
  });

  return api;
}
