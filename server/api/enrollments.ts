import { Hono } from "hono";
import { z } from "zod";
import {
  cancelEnrollment,
  type Enrollment,
  enrollmentInputSchema,
  listMyEnrollments,
  requestEnrollment,
} from "../../core/enrollments.server.ts";
import { toAddTime } from "../../core/format.ts";
import { MAX_ID_LENGTH } from "../../core/ids.ts";
import { problems, readJson } from "./bodies.ts";
import {
  type ApiOptions,
  type ApiUserEnv,
  logRefusal,
  requireApiUser,
  tooManyWrites,
  writerOf,
} from "./identity.ts";

function enrollmentJson(enrollment: Enrollment) {
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
    const serviceId = z.object({ serviceId: z.string().min(1).max(MAX_ID_LENGTH) }).safeParse(body);
    if (!serviceId.success)
      return c.json({ message: "Send {serviceId, startDate?, message?}." }, 400);
    const input = enrollmentInputSchema.safeParse(body);
    if (!input.success) return c.json({ message: problems(input.error) }, 400);
    const requested = await requestEnrollment(db, {
      writer: writerOf(c, options),
      serviceId: serviceId.data.serviceId,
      input: input.data,
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
    c.json((await listMyEnrollments(db, c.get("apiUser").id)).map(enrollmentJson)),
  );

  api.delete("/enrollments/:id", apiUser, async (c) => {
    const cancelled = await cancelEnrollment(db, {
      actor: c.get("apiUser"),
      enrollmentId: c.req.param("id"),
    });
    if (!cancelled.ok) {
      logRefusal(c, options, { status: 404, reason: "not-found", userId: c.get("apiUser").id });
      return c.json({ message: "No open enrollment request of yours has this id." }, 404);
    }
    options.wakeWebhookWorker?.();
    return c.json({ deletedCount: 1 });
  });

  return api;
}
