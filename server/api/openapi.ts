import { Hono } from "hono";
import { z } from "zod";
import { API_TOKEN_LIFETIME_SECONDS } from "../../core/accounts/api-tokens.server.ts";
import { MAX_REVIEWS_PAGE_SIZE } from "../../core/reviews/review-list.ts";
import { SITE_NAME } from "../../core/site/site.ts";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_TEST_EVENT,
  type WebhookEventType,
} from "../../core/webhooks/webhook-event-types.ts";
import { pingData, webhookEventDataSchemas } from "../../core/webhooks/webhook-events.ts";
import { publicConstantJson } from "../http-caching.ts";
import { MAX_API_BODY_BYTES, MAX_WRITING_API_BODY_BYTES } from "../request-bodies.ts";
import {
  type Access,
  type Answer,
  HEADERS,
  type Operation,
  type RequestBody,
  type Status,
  TAGS,
  type Tag,
} from "./operations.ts";
import {
  authErrorSchema,
  componentNames,
  messageSchema,
  named,
  serverErrorSchema,
} from "./schemas.ts";

/*
 * The OpenAPI 3.1 document of the JSON API (issue 28), made once when the app is made, from the
 * routes' own descriptions (`Operation`s beside each router) and the very zod schemas their
 * handlers parse with: `GET /api/openapi.json` serves it, /api/docs shows it to people
 * (app/routes/api-docs.tsx), and the contract tests check every answer against it.
 */

export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiParameter {
  name: string;
  in: "path" | "query";
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
  example?: unknown;
  encoding?: Record<string, { contentType: string }>;
}

export interface OpenApiResponse {
  description: string;
  /** The shared answers (components/responses) this one also stands for. */
  "x-also"?: string[];
  headers?: Record<string, { $ref: string }>;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId: string;
  tags: [Tag];
  summary: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse | { $ref: string }>;
}

export interface OpenApiWebhook {
  operationId: string;
  summary: string;
  description: string;
  parameters: (Omit<OpenApiParameter, "in"> & { in: "header" })[];
  requestBody: { required: true; content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { description: string }>;
}

export type OpenApiMethod = "get" | "post" | "put" | "patch" | "delete";

export interface OpenApiDocument {
  openapi: "3.1.1";
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  externalDocs: { description: string; url: string };
  tags: { name: Tag; description: string }[];
  paths: Record<string, Partial<Record<OpenApiMethod, OpenApiOperation>>>;
  /** What the site POSTs to the teacher's endpoints (Standard Webhooks), by event type. */
  webhooks: Record<string, { post: OpenApiWebhook }>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    headers: Record<string, { description: string; schema: JsonSchema }>;
    responses: Record<string, OpenApiResponse>;
  };
}

const JSON_SCHEMA = { target: "draft-2020-12", unrepresentable: "any" } as const;
const COMPONENT = "#/components/schemas/";
/** Schemas of one operation only: written where they are used, never referred to. */
const INLINE = "#/inline/";
const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * What zod writes that a document does without: each schema's own `$schema` and `$id`, the
 * bounds it gives every integer (the largest safe ones) and the pattern beside a format, which
 * say nothing more to a reader.
 */
function tidy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(tidy);
  if (typeof value !== "object" || value === null) return value;
  const out: JsonSchema = {};
  const formatted = "format" in value;
  for (const [key, inner] of Object.entries(value)) {
    if (key === "$schema" || key === "$id") continue;
    // zod spells each format out as a long pattern too; the format says it.
    if (key === "pattern" && formatted) continue;
    if ((key === "minimum" && inner === -MAX_SAFE) || (key === "maximum" && inner === MAX_SAFE))
      continue;
    out[key] = tidy(inner);
  }
  return out;
}

/**
 * The JSON Schemas of `schemas`, as requests send them (`input`: defaults optional, unknown
 * fields allowed) or as answers carry them (`output`). A schema named in schemas.ts becomes a
 * `$ref` to its component wherever it appears; the rest are written in place.
 */
function convert(
  schemas: readonly z.ZodType[],
  io: "input" | "output",
  named: ReadonlyMap<z.ZodType, string>,
) {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  const add = (schema: z.ZodType, id: string) => {
    if (ids.has(schema)) return;
    ids.set(schema, id);
    registry.add(schema, { id });
  };
  for (const [schema, name] of named) add(schema, name);
  for (const schema of schemas) add(schema, `inline-${ids.size}`);
  const { schemas: converted } = z.toJSONSchema(registry, {
    ...JSON_SCHEMA,
    io,
    uri: (id) => (id.startsWith("inline-") ? `${INLINE}${id}` : `${COMPONENT}${id}`),
  });
  const text = JSON.stringify(converted);
  if (text.includes(`"$ref":"${INLINE}`))
    throw new Error(
      "A schema of one operation is used inside another schema: name it (schemas.ts).",
    );
  const jsonOf = (schema: z.ZodType): JsonSchema => {
    const name = named.get(schema);
    if (name) return { $ref: `${COMPONENT}${name}` };
    return tidy(converted[ids.get(schema) ?? ""]) as JsonSchema;
  };
  const components = Object.fromEntries(
    [...named.values()].map((name) => [name, tidy(converted[name]) as JsonSchema]),
  );
  return { jsonOf, components };
}

/** A body's fields as `multipart/form-data` sends them: text, JSON text, or files. */
function multipartSchema(
  json: JsonSchema,
  { jsonFields, files }: NonNullable<RequestBody["multipart"]>,
): JsonSchema {
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const asText = (field: JsonSchema): JsonSchema => {
    const { description } = field;
    const branches = [field, ...((field.anyOf as JsonSchema[] | undefined) ?? [])];
    const text = branches.find((branch) => branch.type === "string");
    const { anyOf: _, ...rest } = text ?? { type: "string" };
    return { ...rest, ...(description ? { description } : {}) };
  };
  return {
    type: "object",
    properties: {
      ...Object.fromEntries(
        Object.entries(properties).map(([name, field]) => [
          name,
          jsonFields.includes(name)
            ? {
                type: "string",
                contentMediaType: "application/json",
                contentSchema: field,
                description: "Its JSON, as text; an empty field clears it.",
              }
            : asText(field),
        ]),
      ),
      ...Object.fromEntries(
        Object.entries(files).map(([name, description]) => [
          name,
          { type: "string", contentMediaType: "application/octet-stream", description },
        ]),
      ),
    },
    ...(json.required ? { required: json.required } : {}),
  };
}

const SECURITY: Record<Access, Record<string, string[]>[] | undefined> = {
  anyone: undefined,
  identity: [{ bearer: [] }, { session: [] }],
  owner: [{ bearer: [] }, { session: [] }],
  session: [{ session: [] }],
  "two-factor": [{ twoFactor: [] }],
  bearer: [{ bearer: [] }],
};

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * The answers calls share, made before any route (server/app.ts) or by the server's own
 * trouble: written once under `components/responses` and referred to.
 */
const SHARED = {
  BadAddress: {
    description: "The address holds a NUL character (U+0000), which no field takes.",
    body: messageSchema,
  },
  BadCharacter: {
    description: "The address or the body holds a NUL character (U+0000), which no field takes.",
    body: messageSchema,
  },
  Unauthenticated: {
    description:
      "No identity, or an unknown, expired or revoked token: sign in again (nothing was read or changed).",
    body: messageSchema,
    headers: ["WWW-Authenticate"],
    example: { message: "Sign in and send a valid token: Authorization: Bearer <token>." },
  },
  NotOwner: {
    description: "The caller is not one of the site's owners (nothing was read or changed).",
    body: messageSchema,
  },
  CrossSite: {
    description:
      "A write carrying the site's cookies from another site's page (its Origin is not the site's): refused, nothing changed.",
    body: messageSchema,
    example: {
      message:
        "Requests from other sites are refused. Please go back to the page, reload it and try again.",
    },
  },
  TooLarge: {
    description: `The body is over the limit (${MAX_API_BODY_BYTES / 1024} KB; ${MAX_WRITING_API_BODY_BYTES / 1024} KB for a Writing answer or draft, and a marking's comments and marks; 8 MB for a multipart body with a picture): nothing was read.`,
    body: messageSchema,
    headers: ["Connection"],
  },
  ServerError: {
    description: "Something failed on the server; the answer names the request to quote.",
    body: serverErrorSchema,
  },
  Busy: {
    description: "The server is busy (too many requests at once): try again shortly.",
    body: messageSchema,
    headers: ["Retry-After"],
    example: { message: "The server is busy. Please try again in a moment." },
  },
  NotModified: {
    description: "Not modified: the copy named in If-None-Match is current.",
    headers: ["ETag", "Cache-Control"],
  },
} as const satisfies Record<string, Answer>;
type SharedName = keyof typeof SHARED;

/** Which shared answers a call may give, by status, from who may call it and its method. */
function sharedAnswers(operation: Operation): Partial<Record<Status, SharedName[]>> {
  const unsafe = UNSAFE.has(operation.method);
  const identity = operation.access === "identity" || operation.access === "owner";
  const forbidden: SharedName[] = [
    ...(operation.access === "owner" ? (["NotOwner"] as const) : []),
    ...(unsafe ? (["CrossSite"] as const) : []),
  ];
  return {
    ...(operation.etag ? { 304: ["NotModified"] } : {}),
    400: [unsafe ? "BadCharacter" : "BadAddress"],
    ...(identity ? { 401: ["Unauthenticated"] } : {}),
    ...(forbidden.length > 0 ? { 403: forbidden } : {}),
    ...(unsafe ? { 413: ["TooLarge"] } : {}),
    500: ["ServerError"],
    503: ["Busy"],
  };
}

/** A call's answer by status: its own, a shared one (by name), or both read as one. */
type Described = { own: Answer | undefined; shared: SharedName[] };

/** Every answer of `operation`, by status, in order. */
function answersOf(operation: Operation): Map<Status, Described> {
  const shared = sharedAnswers(operation);
  const statuses = [...new Set([...Object.keys(operation.responses), ...Object.keys(shared)])]
    .map(Number)
    .sort((a, b) => a - b) as Status[];
  const own = operation.responses;
  return new Map(
    statuses.map((status) => {
      let answer = own[status];
      // A public read carries its validator (server/http-caching.ts).
      if (status === 200 && operation.etag && answer)
        answer = { ...answer, headers: [...(answer.headers ?? []), "ETag", "Cache-Control"] };
      return [status, { own: answer, shared: shared[status] ?? [] }];
    }),
  );
}

/** The one answer a status stands for: the call's own, with what the shared ones add. */
function combined({ own, shared }: Described): Answer & { also?: SharedName[] } {
  const answers = shared.map((name): Answer => SHARED[name]);
  const [first, ...rest] = own ? [own, ...answers] : answers;
  if (!first) throw new Error("A status without an answer.");
  const bodies = [
    ...new Set([first, ...rest].flatMap((answer) => (answer.body ? [answer.body] : []))),
  ];
  // A header it names is one the status always carries, whichever of its causes it was.
  const headers = (first.headers ?? []).filter((header) =>
    rest.every((answer) => answer.headers?.includes(header)),
  );
  return {
    description: [
      first.description,
      ...rest.map((answer) => `Or: ${lowerFirst(answer.description)}`),
    ].join(" "),
    // The site's `{message}` is also a Better Auth refusal (its `code` is optional).
    body:
      bodies.length <= 1 ||
      bodies.every((body) => body === messageSchema || body === authErrorSchema)
        ? (bodies.find((body) => body !== messageSchema) ?? bodies[0])
        : z.union(bodies as [z.ZodType, z.ZodType, ...z.ZodType[]]),
    ...(headers.length > 0 ? { headers } : {}),
    ...(first.example === undefined ? {} : { example: first.example }),
    ...(rest.length > 0 ? { also: own ? shared : shared.slice(1) } : {}),
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

export interface DocumentOptions {
  /** The site's public origin (BASE_URL): the document's server. */
  baseUrl: string;
}

const SIGNATURE_HEADERS: OpenApiWebhook["parameters"] = [
  {
    name: "webhook-id",
    in: "header",
    required: true,
    description:
      "The delivery's id: the same on every attempt of one delivery (deduplicate by it).",
    schema: { type: "string" },
  },
  {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description: "When this attempt was signed, in Unix seconds: refuse one far from now.",
    schema: { type: "string" },
  },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      "`v1,` and the Base64 HMAC-SHA256 of `webhook-id.webhook-timestamp.body` under the endpoint's secret (the Base64 after `whsec_`), as the Standard Webhooks specification says.",
    schema: { type: "string" },
  },
];

/** Each event the teacher's endpoints may receive, with its body's JSON Schema. */
function webhooksSection(): OpenApiDocument["webhooks"] {
  const events: [string, string, z.ZodType][] = [
    [
      WEBHOOK_TEST_EVENT,
      "“Send a test event” on /admin/webhooks: nothing happened on the site.",
      pingData,
    ],
    ...Object.entries(webhookEventDataSchemas).map(([type, data]): [string, string, z.ZodType] => [
      type,
      WEBHOOK_EVENT_LABELS[type as WebhookEventType],
      data,
    ]),
  ];
  return Object.fromEntries(
    events.map(([type, label, data]) => [
      type,
      {
        post: {
          operationId: `webhook-${type}`,
          summary: label,
          description:
            "POSTed to each endpoint an owner added for this event, after the event's own answer; retried with growing waits for a day until an answer 2xx (10 s timeout, no redirects followed).",
          parameters: SIGNATURE_HEADERS,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: tidy(
                  z.toJSONSchema(
                    z.object({ type: z.literal(type), timestamp: z.iso.datetime(), data }),
                    { ...JSON_SCHEMA, io: "output" },
                  ),
                ) as JsonSchema,
              },
            },
          },
          responses: {
            "200": { description: "Any 2xx: delivered. Anything else, or no answer: tried again." },
          },
        },
      },
    ]),
  );
}

/** The document of every call in `operations`. */
export function openApiDocument(
  operations: readonly Operation[],
  { baseUrl }: DocumentOptions,
): OpenApiDocument {
  // Each call's answers: a shared one alone is referred to; anything else is written out.
  const described = operations.map((operation) => {
    const answers = new Map<Status, SharedName | ReturnType<typeof combined>>();
    for (const [status, answer] of answersOf(operation)) {
      const [only] = answer.shared;
      answers.set(
        status,
        !answer.own && answer.shared.length === 1 && only ? only : combined(answer),
      );
    }
    return { operation, answers };
  });

  const answerSchemas = [
    ...Object.values(SHARED).flatMap((answer: Answer) => (answer.body ? [answer.body] : [])),
    ...described.flatMap(({ answers }) =>
      [...answers.values()].flatMap((answer) =>
        typeof answer === "object" && answer.body ? [answer.body] : [],
      ),
    ),
  ];
  const output = convert(answerSchemas, "output", componentNames());
  const input = convert(
    operations.flatMap((operation) => (operation.body ? [operation.body.schema] : [])),
    "input",
    new Map(),
  );
  const response = (answer: Answer & { also?: SharedName[] }): OpenApiResponse => ({
    description: answer.description,
    // The shared answers this status also stands for, which the description names after "Or:".
    ...(answer.also
      ? { "x-also": answer.also.map((name) => `#/components/responses/${name}`) }
      : {}),
    ...(answer.headers?.length
      ? {
          headers: Object.fromEntries(
            answer.headers.map((name) => [name, { $ref: `#/components/headers/${name}` }]),
          ),
        }
      : {}),
    ...(answer.body
      ? {
          content: {
            "application/json": {
              schema: output.jsonOf(answer.body),
              ...(answer.example === undefined ? {} : { example: answer.example }),
            },
          },
        }
      : {}),
  });

  const paths: OpenApiDocument["paths"] = {};
  for (const { operation, answers } of described) {
    const parameters: OpenApiParameter[] = [
      ...Object.entries(operation.pathParameters ?? {}).map(
        ([name, { description, example }]): OpenApiParameter => ({
          name,
          in: "path",
          required: true,
          description,
          schema: { type: "string" },
          example,
        }),
      ),
      ...(operation.query ?? []).flatMap((schema) => {
        const json = tidy(z.toJSONSchema(schema, { ...JSON_SCHEMA, io: "input" })) as JsonSchema;
        const required = new Set((json.required as string[] | undefined) ?? []);
        return Object.entries((json.properties ?? {}) as Record<string, JsonSchema>).map(
          ([name, field]): OpenApiParameter => {
            const { description, ...rest } = field;
            const example = operation.queryExample?.[name];
            return {
              name,
              in: "query",
              required: required.has(name),
              ...(typeof description === "string" ? { description } : {}),
              schema: rest,
              ...(example === undefined ? {} : { example }),
            };
          },
        );
      }),
    ];
    const body = operation.body;
    const jsonBody = body && input.jsonOf(body.schema);
    const responses: Record<string, OpenApiResponse | { $ref: string }> = {};
    for (const [status, answer] of answers) {
      responses[String(status)] =
        typeof answer === "string"
          ? { $ref: `#/components/responses/${answer}` }
          : response(answer);
    }
    const security = SECURITY[operation.access];
    const method = operation.method.toLowerCase() as OpenApiMethod;
    paths[operation.path] ??= {};
    if (paths[operation.path]?.[method])
      throw new Error(`${operation.method} ${operation.path} is described twice.`);
    (paths[operation.path] as Record<string, OpenApiOperation>)[method] = {
      operationId: operation.operationId,
      tags: [operation.tag],
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      ...(security ? { security } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(body && jsonBody
        ? {
            requestBody: {
              required: !body.optional,
              content: {
                "application/json": { schema: jsonBody, example: body.example },
                ...(body.multipart
                  ? {
                      "multipart/form-data": {
                        schema: multipartSchema(jsonBody, body.multipart),
                        encoding: Object.fromEntries(
                          Object.keys(body.multipart.files).map((name) => [
                            name,
                            { contentType: "image/jpeg, image/png, image/webp" },
                          ]),
                        ),
                      },
                    }
                  : {}),
              },
            },
          }
        : {}),
      responses,
    };
  }

  return {
    openapi: "3.1.1",
    info: {
      title: `${SITE_NAME} API`,
      version: "1",
      description: overview(baseUrl),
    },
    servers: [{ url: baseUrl }],
    externalDocs: {
      description: "The same reference, for people, with a form to try each call",
      url: `${baseUrl}/api/docs`,
    },
    tags: Object.entries(TAGS).map(([name, description]) => ({ name: name as Tag, description })),
    paths,
    webhooks: webhooksSection(),
    components: {
      schemas: output.components,
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: `A token from \`POST /api/jwt\` (\`ih_…\`), good for ${API_TOKEN_LIFETIME_SECONDS} seconds and ended with its session (signing out, a password change). A request with a bearer token and no cookie is an API client and needs no Origin.`,
        },
        session: {
          type: "apiKey",
          in: "cookie",
          name: "ielts-hub.session_token",
          description:
            "The site's session cookie, set by signing in (`__Secure-ielts-hub.session_token` in production). A write carrying it must come from the site's own pages (Origin = the site).",
        },
        twoFactor: {
          type: "apiKey",
          in: "cookie",
          name: "ielts-hub.two_factor",
          description:
            "Set by a password sign-in to an account with two-factor sign-in on: the code comes next.",
        },
      },
      headers: Object.fromEntries(
        Object.entries(HEADERS).map(([name, description]) => [
          name,
          { description, schema: { type: "string" } },
        ]),
      ),
      responses: {
        ...Object.fromEntries(
          Object.entries(SHARED).map(([name, answer]: [string, Answer]) => [
            name,
            response(answer),
          ]),
        ),
        MethodNotAllowed: {
          description: "A method the path does not take (HEAD goes wherever GET does).",
          headers: { Allow: { $ref: "#/components/headers/Allow" } },
          content: {
            "application/json": {
              schema: { $ref: `${COMPONENT}Message` },
              example: { message: "PUT is not allowed here." },
            },
          },
        },
        NoSuchEndpoint: {
          description: "No call has this address.",
          content: {
            "application/json": {
              schema: { $ref: `${COMPONENT}Message` },
              example: { message: "No such API endpoint." },
            },
          },
        },
      },
    },
  };
}

function overview(baseUrl: string): string {
  return [
    `The JSON API of ${SITE_NAME} (${baseUrl}). Every answer under /api is JSON; a refusal is \`{ "message": "…" }\` with its status (Better Auth's under /api/auth add a \`code\`).`,
    "",
    "**Identity.** Public reads need none. The other calls take `Authorization: Bearer <token>` (ask `POST /api/jwt` for one with the session cookie of a sign-in under /api/auth) or the site's session cookie. Identity never comes from the body; unknown fields are ignored. The caller is judged before the body is read, so a caller who may not make a call gets the same 401, 403 or 404 whatever they send.",
    "",
    "**Limits.** Writes count against the same limits as the site's forms: 30 in 10 minutes per address, and per account 5 new courses a day and 10 new reviews an hour; a Writing answer counts only against its own, 30 a day per account, drafts against none, and the teacher's marking against its own, 600 changes an hour per account; sign-in, sign-up, resets and password checks have their own. Over a limit: 429 with `Retry-After`. Bodies are at most 32 KB (96 KB for a Writing answer or draft and a marking's comments and marks, 8 MB for a multipart body with a picture): 413.",
    "",
    "**Caching.** Public reads say `Cache-Control: public, no-cache` and carry an `ETag`: send it back in `If-None-Match` to get `304`. Private answers say `private, no-store`.",
    "",
    `**Lists and size.** No answer holds an unbounded list: a list comes a page at a time (a course's reviews at most ${MAX_REVIEWS_PAGE_SIZE} a page, with \`X-Total-Count\` and RFC 8288 \`Link\` headers to the other pages). A JSON answer over 1 KB is compressed with \`br\` or \`gzip\` when \`Accept-Encoding\` allows it (\`Content-Encoding\`, \`Vary: Accept-Encoding\`, and a weak \`ETag\`).`,
    "",
    "**Everywhere.** A method a path does not take answers 405 with `Allow` (`#/components/responses/MethodNotAllowed`); an address no call has, 404 (`NoSuchEndpoint`); every GET also answers HEAD.",
    "**Other origins.** Pages on the origins in `CORS_ORIGINS` may call the API from a browser: preflights (`OPTIONS`) answer 204, and answers carry `Access-Control-Allow-Origin` and expose `ETag`, `Link`, `Retry-After`, `X-Request-Id` and `X-Total-Count`; never with credentials, so such a page signs in with `POST /api/tokens` and sends the bearer token. Every answer carries `X-Request-Id`, to quote when reporting a failure.",
  ].join("\n");
}

/** `GET /api/openapi.json`: the document, the same for everyone, with its ETag. */
export function openApiApi(document: OpenApiDocument) {
  const api = new Hono();
  api.get("/openapi.json", publicConstantJson(document));
  return api;
}

/** The document's own route. */
export const openApiOperations = {
  document: {
    method: "GET",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Reference",
    summary: "This document (OpenAPI 3.1)",
    description: "People read it at /api/docs.",
    access: "anyone",
    etag: true,
    responses: {
      200: {
        description: "The document.",
        body: named(
          "OpenApiDocument",
          z.looseObject({
            openapi: z.string(),
            info: z.looseObject({ title: z.string(), version: z.string() }),
            paths: z.record(z.string(), z.unknown()),
          }),
        ),
      },
    },
  },
} satisfies Record<string, Operation>;
