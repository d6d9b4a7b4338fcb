import { type Context, Hono } from "hono";
import { z } from "zod";
import { catalogueFilterSchema, listServices } from "../../core/catalogue/catalogue.server.ts";
import { MAX_WRITING_ANSWERS_MARKED } from "../../core/catalogue/course-details.ts";
import {
  createService,
  deleteService,
  findService,
  latestServices,
  MAX_PRICE,
  mayChangeService,
  SERVICES_PAGE_SIZE,
  type ServiceInput,
  type ServiceRefusal,
  serviceInputSchema,
  updateService,
} from "../../core/catalogue/services.server.ts";
import { type PreparedImage, readImageUpload } from "../../core/images/images.server.ts";
import { ownUploadPath } from "../../core/images/uploaded-images.ts";
import type { WriteLimited } from "../../core/limits/rate-limit.server.ts";
import { summarizeCourseReviews } from "../../core/reviews/course-reviews.server.ts";
import { publicJson } from "../http-caching.ts";
import { isMultipart } from "../request-bodies.ts";
import { isJsonObject, problems, readJson, readMultipart } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  refuseChange,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { idParameter, type Operation, refusal, TOO_MANY_WRITES } from "./operations.ts";
import {
  deletedSchema,
  insertedSchema,
  modifiedSchema,
  serviceListSchema,
  serviceSchema,
  serviceWithSummarySchema,
} from "./schemas.ts";
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

const course = serviceInputSchema.shape;

/**
 * A course as an API client sends it: the Add Service form's fields under the API's names (`img`
 * for the picture's address), in the form's order, so the messages of a refusal come in the
 * form's order too. The price may be a number or its text; `img` null means none. Only these
 * fields are read: a `_id` or a creator in the body changes nothing.
 */
export const serviceBodySchema = z.object({
  serviceName: course.serviceName,
  price: z
    .union([z.string(), z.number()], { error: "Please enter a price." })
    .transform(String)
    .pipe(course.price)
    .meta({
      description: `In dollars, as a number or its text: at most two decimals, not negative, at most ${MAX_PRICE}.`,
    }),
  img: course.imageUrl.nullable(),
  description: course.description,
  module: course.module,
  level: course.level,
  length: course.length,
  format: course.format,
  learningPoints: course.learningPoints,
  writingAnswersMarked: course.writingAnswersMarked.meta({
    description: `How many of each enrolled student's Writing answers the teacher marks, 0 to ${MAX_WRITING_ANSWERS_MARKED}. Set by the site's owners only: checked for anyone, but from anyone else ignored, as an unknown field is (a course a student adds gives no marking). Left out, it stays (a new course: 0).`,
  }),
});

/** The multipart body: the same fields as text, the picture as a file (decision 0028). */
const MULTIPART = {
  jsonFields: ["level", "length", "learningPoints"],
  files: {
    image:
      "A JPEG, PNG or WebP of at most 5 MB, checked by its content and resized to WebP; it wins over `img`.",
  },
} as const;
/** Details an empty multipart field clears (null), as an empty field does on the Edit page. */
const DETAILS = new Set<string>([...MULTIPART.jsonFields, "module", "format"]);
/** Numbers a multipart body sends as text. */
const NUMBERS = new Set<string>(["writingAnswersMarked"]);
const IMAGE_FIELD = "image";

/**
 * A multipart body's text fields in the JSON body's shape: `level`, `length` and
 * `learningPoints` are read as JSON (text that is not JSON is left for the schema to refuse),
 * and an empty detail is null.
 */
function multipartServiceBody(fields: Record<string, string>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      if (NUMBERS.has(name))
        return [name, /^\s*\d+\s*$/.test(value) ? Number(value) : value.trim() === "" ? 0 : value];
      if (!DETAILS.has(name)) return [name, value];
      if (value.trim() === "") return [name, null];
      if (!(MULTIPART.jsonFields as readonly string[]).includes(name)) return [name, value];
      try {
        return [name, JSON.parse(value)];
      } catch {
        return [name, value];
      }
    }),
  );
}

const SERVICE_BODY_EXAMPLE = {
  serviceName: "IELTS Writing Task 2 clinic",
  price: 49.5,
  description: "Four weeks of essays, each corrected within two days.",
  module: "academic",
  level: { from: 5.5, to: 7 },
  length: { value: 4, unit: "weeks" },
  format: "video",
  learningPoints: ["Plan an essay in five minutes"],
};

const NO_SERVICE = "No service has this id.";
const serviceBody = {
  schema: serviceBodySchema,
  example: SERVICE_BODY_EXAMPLE,
  multipart: MULTIPART,
};
const badServiceBody = refusal(
  "A field is missing or wrong (the messages of every wrong field, in the form's order), the body is no JSON object, or the picture is refused.",
  "Please enter a price such as 49 or 49.50 (at most two decimals, not negative).",
);

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const servicesOperations = {
  latest: {
    method: "GET",
    path: "/api/",
    operationId: "latestServices",
    tag: "Courses",
    summary: "The 3 newest courses",
    access: "anyone",
    etag: true,
    responses: { 200: { description: "The newest courses first.", body: z.array(serviceSchema) } },
  },
  list: {
    method: "GET",
    path: "/api/services",
    operationId: "listServices",
    tag: "Courses",
    summary: "One page of the catalogue, searched and filtered",
    description:
      "`q` finds every word, as a prefix, in the name or description; `module` academic or general includes the courses for both. An empty parameter counts as not given.",
    access: "anyone",
    etag: true,
    query: [pageQuery, catalogueFilterSchema],
    queryExample: {
      page: 0,
      size: 9,
      q: "writing",
      sort: "price-low",
      module: "academic",
      minPrice: 20,
      maxPrice: 50,
    },
    responses: {
      200: {
        description: "The page's courses and how many match in all.",
        body: serviceListSchema,
      },
      400: refusal(
        "A parameter is wrong: every message, joined by `; `.",
        "size must be a whole number from 1 to 100",
      ),
    },
  },
  get: {
    method: "GET",
    path: "/api/services/{id}",
    operationId: "getService",
    tag: "Courses",
    summary: "One course with its review summary",
    access: "anyone",
    etag: true,
    pathParameters: idParameter("course"),
    responses: {
      200: {
        description: "The course, with the same numbers as its page.",
        body: serviceWithSummarySchema,
      },
      404: refusal("No course in the catalogue has this id.", NO_SERVICE),
    },
  },
  create: {
    method: "POST",
    path: "/api/services",
    operationId: "createService",
    tag: "Courses",
    summary: "Add a course",
    description:
      "The caller is recorded as its creator; it waits for the owner's approval when the owner chose so. Send JSON, or `multipart/form-data` with a picture in `image`.",
    access: "identity",
    body: serviceBody,
    responses: {
      201: { description: "Added.", body: insertedSchema },
      400: badServiceBody,
      429: TOO_MANY_WRITES,
    },
  },
  update: {
    method: "PATCH",
    path: "/api/services/{id}",
    operationId: "updateService",
    tag: "Courses",
    summary: "Change a course",
    description:
      "For its creator or an owner. A detail left out stays, `null` clears it; without `img` (or `image`) the course gets the default cover, so send back the `img` you read to keep its picture.",
    access: "identity",
    pathParameters: idParameter("course"),
    body: serviceBody,
    responses: {
      200: { description: "Changed.", body: modifiedSchema },
      400: badServiceBody,
      403: refusal(
        "The caller may see the course but did not create it.",
        "Only the service's creator or the site's owner may change it.",
      ),
      404: refusal("No course the caller may see has this id.", NO_SERVICE),
      429: TOO_MANY_WRITES,
    },
  },
  delete: {
    method: "DELETE",
    path: "/api/services/{id}",
    operationId: "deleteService",
    tag: "Courses",
    summary: "Delete a course",
    description:
      "For its creator or an owner. A course with reviews is unpublished instead (the owner can restore it).",
    access: "identity",
    pathParameters: idParameter("course"),
    responses: {
      200: { description: "Deleted (or unpublished).", body: deletedSchema },
      403: refusal("The caller may see the course but did not create it."),
      404: refusal("No course the caller may see has this id.", NO_SERVICE),
      429: TOO_MANY_WRITES,
    },
  },
} satisfies Record<string, Operation>;

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
    if (!service) return c.json({ message: NO_SERVICE }, 404);
    return publicJson(
      c,
      serviceWithSummaryJson(service, await summarizeCourseReviews(db, service.id)),
    );
  });

  /**
   * The course's fields from a JSON body, or from a multipart one (the same fields as text, the
   * picture as a file in `image`). The fields are checked first; then the picture, by the very
   * code the Add and Edit pages use (`readImageUpload`: by content, at most 5 MB, resized to
   * WebP). Nothing is stored here.
   */
  const readServiceInput = async (c: Context<ApiUserEnv>): Promise<ServiceInputRead> => {
    const multipart = isMultipart(c) ? await readMultipart(c, [IMAGE_FIELD]) : undefined;
    if (multipart && !multipart.ok) return multipart;
    const body = multipart ? multipartServiceBody(multipart.fields) : await readJson(c);
    if (!isJsonObject(body)) return { ok: false, message: "Send a JSON object." };
    const parsed = serviceBodySchema.safeParse(body);
    if (!parsed.success) return { ok: false, message: problems(parsed.error) };
    const { img, ...fields } = parsed.data;
    const picture = multipart
      ? await readImageUpload(multipart.form, IMAGE_FIELD)
      : ({ ok: true, image: undefined } as const);
    if (!picture.ok) return picture;
    return {
      ok: true,
      input: { ...fields, imageUrl: ownUploadPath(img ?? undefined, baseUrl) },
      upload: picture.image,
    };
  };

  // Someone else's course: 403 when they can see it, 404 when it is not theirs to see.
  const refused = (c: Context<ApiUserEnv>, refusal: ServiceRefusal | WriteLimited) => {
    if (refusal.reason === "rate-limited") return tooManyWrites(c, options, refusal);
    return refuseChange(c, options, refusal.reason, {
      notFound: NO_SERVICE,
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
