import { Hono } from "hono";
import { z } from "zod";
import {
  cancelEnrollment,
  type Enrollment,
  enrollmentInputSchema,
  listMyEnrollments,
  requestEnrollment,
} from "../../core/enrollments/enrollments.server.ts";
import { toAddTime } from "../../core/format.ts";
import { MAX_ID_LENGTH } from "../../core/ids.ts";
import { privateJson } from "../http-caching.ts";
import { isJsonObject, problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";
import { idParameter, type Operation, refusal, TOO_MANY_WRITES } from "./operations.ts";
import { deletedSchema, type EnrollmentJson, enrollmentSchema, insertedSchema } from "./schemas.ts";

/** A request to join a course: which one, and the student's wishes (both optional). */
export const enrollmentBodySchema = z.object({
  serviceId: z.string().min(1).max(MAX_ID_LENGTH).meta({ description: "The course's id." }),
  ...enrollmentInputSchema.shape,
});

const NOT_YOURS = "No open enrollment request of yours has this id.";

/** The routes below, for the OpenAPI document (server/api/openapi.ts). */
export const enrollmentsOperations = {
  request: {
    method: "POST",
    path: "/api/enrollments",
    operationId: "requestEnrollment",
    tag: "Enrollments",
    summary: "Ask to join a course",
    description:
      "`startDate` as YYYY-MM-DD. The student and the owners are mailed; the teacher confirms or declines.",
    access: "identity",
    body: {
      schema: enrollmentBodySchema,
      example: {
        serviceId: "6d0f4f5e-2b1c-4c2a-9a51-1f7c1c2b9e10",
        startDate: "2027-01-10",
        message: "Evenings only, please.",
      },
    },
    responses: {
      201: { description: "Asked.", body: insertedSchema },
      400: refusal(
        "No `serviceId`, or a field is wrong.",
        "Send {serviceId, startDate?, message?}.",
      ),
      404: refusal("No course in the catalogue has this id.", "No service has this id."),
      409: refusal(
        "A request of the caller's for this course is already open.",
        "You have already asked to join this course.",
      ),
      429: TOO_MANY_WRITES,
    },
  },
  mine: {
    method: "GET",
    path: "/api/my-enrollments",
    operationId: "listMyEnrollments",
    tag: "Enrollments",
    summary: "The caller's requests",
    access: "identity",
    responses: { 200: { description: "Newest first.", body: z.array(enrollmentSchema) } },
  },
  cancel: {
    method: "DELETE",
    path: "/api/enrollments/{id}",
    operationId: "cancelEnrollment",
    tag: "Enrollments",
    summary: "Cancel one's own open request",
    access: "identity",
    pathParameters: idParameter("enrollment request"),
    responses: {
      200: { description: "Cancelled.", body: deletedSchema },
      404: refusal("No open request of the caller's has this id.", NOT_YOURS),
    },
  },
} satisfies Record<string, Operation>;

function enrollmentJson(enrollment: Enrollment): EnrollmentJson {
  return {
    _id: enrollment.id,
    serviceId: enrollment.serviceId,
    serviceName: enrollment.serviceName,
    startDate: enrollment.startDate,
    message: enrollment.message,
    status: enrollment.status,
    ownerNote: enrollment.ownerNote,
    addTime: toAddTime(enrollment.requestedAt),
  };
}

/**
 * Enrollment requests on the JSON API, always the caller's own: `POST /api/enrollments`,
 * `GET /api/my-enrollments`, `DELETE /api/enrollments/{id}` (cancels the request).
 */
export function enrollmentsApi(options: ApiOptions) {
  const { db, baseUrl } = options;
  const api = new Hono<ApiUserEnv>();
  const apiUser = requireApiUser(options);

  api.post("/enrollments", apiUser, async (c) => {
    const body = await readJson(c);
    const parsed = enrollmentBodySchema.safeParse(body);
    if (!parsed.success) {
      const noServiceId =
        !isJsonObject(body) || parsed.error.issues.some((issue) => issue.path[0] === "serviceId");
      return c.json(
        {
          message: noServiceId ? "Send {serviceId, startDate?, message?}." : problems(parsed.error),
        },
        400,
      );
    }
    const { serviceId, ...input } = parsed.data;
    const requested = await requestEnrollment(db, {
      writer: writerOf(c, options),
      serviceId,
      input,
      siteUrl: baseUrl,
    });
    if (requested.ok) {
      options.wakeMailWorker?.();
      options.wakeWebhookWorker?.();
      return c.json({ insertedId: requested.id }, 201);
    }
    if (requested.reason === "rate-limited") return tooManyWrites(c, options, requested);
    if (requested.reason === "no-such-service")
      return c.json({ message: "No service has this id." }, 404);
    return c.json({ message: "You have already asked to join this course." }, 409);
  });

  api.get("/my-enrollments", apiUser, async (c) =>
    privateJson(c, (await listMyEnrollments(db, c.get("apiUser").id)).map(enrollmentJson)),
  );

  api.delete("/enrollments/:id", apiUser, async (c) => {
    const cancelled = await cancelEnrollment(db, {
      actor: c.get("apiUser"),
      enrollmentId: c.req.param("id"),
    });
    if (!cancelled.ok) {
      logRefusal(c, options, { status: 404, reason: "not-found", userId: c.get("apiUser").id });
      return c.json({ message: NOT_YOURS }, 404);
    }
    options.wakeWebhookWorker?.();
    return c.json({ deletedCount: 1 });
  });

  return api;
}
