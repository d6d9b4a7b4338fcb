import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
} from "../../core/webhooks/webhook-event-types.ts";
import type { JsonSchema, OpenApiDocument } from "../../server/api/openapi.ts";
import { ORIGIN, signUpWithToken } from "../support/accounts.ts";
import { ContractViolation, createContract } from "../support/contract.ts";
import { makeOwner } from "../support/owners.ts";
import { testSiteOn } from "../support/test-app.ts";

const root = join(import.meta.dirname, "..", "..");
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

/** `/api/services/{id}` and `/api/services/:id` alike: `/api/services/{}`. */
const shapeOf = (path: string) =>
  (path.length > 1 ? path.replace(/\/+$/, "") : path)
    .replace(/\{[^}]+\}/g, "{}")
    .replace(/:[^/]+/g, "{}");

describe("the OpenAPI document (issue 28)", () => {
  const site = testSiteOn("sqlite");
  let document: OpenApiDocument;
  let etag: string;

  beforeAll(async () => {
    const response = await site.app.request(`${ORIGIN}/api/openapi.json`);
    expect(response.status).toBe(200);
    etag = response.headers.get("etag") ?? "";
    document = (await response.json()) as OpenApiDocument;
  });

  it("is public and cacheable: an ETag, 304 to If-None-Match, HEAD, and compressed on request", async () => {
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await site.app.request(`${ORIGIN}/api/openapi.json`, {
      headers: { "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const plain = await site.app.request(`${ORIGIN}/api/openapi.json`);
    expect(plain.headers.get("cache-control")).toBe("public, no-cache");
    expect(plain.headers.get("content-type")).toContain("application/json");
    const text = await plain.text();
    const head = await site.app.request(`${ORIGIN}/api/openapi.json`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(etag);
    for (const [encoding, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
    ] as const) {
      const packed = await site.app.request(`${ORIGIN}/api/openapi.json`, {
        headers: { "accept-encoding": `${encoding}, identity` },
      });
      expect(packed.headers.get("content-encoding")).toBe(encoding);
      const bytes = Buffer.from(await packed.arrayBuffer());
      expect(bytes.length).toBeLessThan(text.length / 4);
      expect(decode(bytes).toString()).toBe(text);
    }
    const write = await site.app.request(`${ORIGIN}/api/openapi.json`, { method: "PUT" });
    expect(write.status).toBe(405);
  });

  it("answers 405 on every documented path to every other method, with an Allow of exactly the documented ones", async () => {
    const all = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
    const tried: string[] = [];
    for (const [path, item] of Object.entries(document.paths)) {
      const declared = METHODS.filter((method) => method in (item as object)).map((method) =>
        method.toUpperCase(),
      );
      // Every GET answers HEAD too.
      const allowed = declared.includes("GET") ? [...declared, "HEAD"] : declared;
      const concrete = path.replace(/\{[^}]+\}/g, "0b6f2c9e-1111-4e55-9a3d-42a1b2c3d4e5");
      for (const method of all.filter((m) => !allowed.includes(m))) {
        const response = await site.app.request(`${ORIGIN}${concrete}`, {
          method,
          headers: { origin: ORIGIN, "content-type": "application/json" },
          ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
        });
        const label = `${method} ${path}`;
        expect(response.status, label).toBe(405);
        const allow = response.headers.get("allow") ?? "";
        // A list of method names, each once, "A, B" as RFC 9110 writes it.
        expect(allow, label).toMatch(/^[A-Z]+(?:, [A-Z]+)*$/);
        const listed = allow.split(", ");
        expect(new Set(listed).size, label).toBe(listed.length);
        expect([...listed].sort(), label).toEqual([...allowed].sort());
        if (method !== "HEAD") {
          expect(await response.json(), label).toEqual({
            message: `${method} is not allowed here.`,
          });
        }
        tried.push(label);
      }
    }
    // Every documented path has some method it does not take.
    expect(tried.length).toBeGreaterThan(Object.keys(document.paths).length);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("holds JSON Schemas that compile under draft 2020-12, strictly, and examples that match them", () => {
    const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false });
    addFormats(ajv);
    const base = "https://ielts-hub.test/schemas/";
    // The document's `#/components/schemas/X` become ajv's own addresses.
    const relink = (schema: unknown): unknown =>
      JSON.parse(
        JSON.stringify(schema).replaceAll('"#/components/schemas/', `"${base}`),
      ) as unknown;
    for (const [name, schema] of Object.entries(document.components.schemas))
      ajv.addSchema({ ...(relink(schema) as object), $id: `${base}${name}` });
    const wrong: string[] = [];
    const check = (where: string, schema: JsonSchema, examples: unknown[]) => {
      let validate: ReturnType<typeof ajv.compile>;
      try {
        validate = ajv.compile(relink(schema) as object);
      } catch (error) {
        wrong.push(`${where}: ${String(error)}`);
        return;
      }
      for (const example of examples) {
        if (!validate(example))
          wrong.push(
            `${where}: its example ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`,
          );
      }
    };
    for (const [name, schema] of Object.entries(document.components.schemas))
      check(
        `schema ${name}`,
        { $ref: `#/components/schemas/${name}` },
        (schema.examples as unknown[]) ?? [],
      );
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (!operation) continue;
        const where = `${method.toUpperCase()} ${path}`;
        for (const parameter of operation.parameters ?? []) {
          check(
            `${where} parameter ${parameter.name}`,
            parameter.schema,
            parameter.example === undefined ? [] : [parameter.example],
          );
        }
        for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
          check(
            `${where} body ${type}`,
            media.schema,
            media.example === undefined ? [] : [media.example],
          );
        for (const [status, answer] of Object.entries(operation.responses)) {
          if ("$ref" in answer) continue;
          const media = answer.content?.["application/json"];
          if (media)
            check(
              `${where} ${status}`,
              media.schema,
              media.example === undefined ? [] : [media.example],
            );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("describes every webhook event the site sends, each body a JSON Schema a delivery matches", () => {
    expect(Object.keys(document.webhooks).sort()).toEqual(
      [WEBHOOK_TEST_EVENT, ...WEBHOOK_EVENT_TYPES].sort(),
    );
    const ajv = new Ajv2020({ strict: true, allErrors: true, strictTypes: false });
    addFormats(ajv);
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      expect(post.parameters.map((header) => header.name)).toEqual([
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]);
      const validate = ajv.compile(post.requestBody.content["application/json"].schema);
      const envelope = { type, timestamp: "2026-11-25T18:00:00.000Z", data: {} };
      // The envelope holds: only `data` (required fields) is wrong in this one.
      expect(validate(envelope), type).toBe(false);
      expect(validate.errors?.every((error) => error.instancePath.startsWith("/data"))).toBe(true);
    }
    const ping = ajv.compile(
      document.webhooks[WEBHOOK_TEST_EVENT]?.post.requestBody.content["application/json"].schema ??
        {},
    );
    expect(
      ping({
        type: WEBHOOK_TEST_EVENT,
        timestamp: "2026-11-25T18:00:00.000Z",
        data: { endpointId: "e1", message: "A test event from IELTS Hub." },
      }),
    ).toBe(true);
  });

  it("describes the Writing answers' calls, each with every answer it gives and the measures' shape (decision 0059)", () => {
    const statuses = (path: string, method: (typeof METHODS)[number]) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    expect(statuses("/api/writing/submissions", "post")).toEqual(
      ["201", "400", "401", "403", "404", "413", "429", "500", "503"].sort(),
    );
    expect(statuses("/api/writing/submissions", "get")).toEqual(
      ["200", "400", "401", "500", "503"].sort(),
    );
    expect(statuses("/api/writing/submissions/{id}", "get")).toEqual(
      ["200", "400", "401", "404", "500", "503"].sort(),
    );
    expect(statuses("/api/writing/drafts/{taskId}", "put")).toEqual(
      ["200", "400", "401", "403", "404", "413", "500", "503"].sort(),
    );
    expect(statuses("/api/writing/drafts/{taskId}", "get")).toEqual(
      ["200", "400", "401", "404", "500", "503"].sort(),
    );
    const text = JSON.stringify(document);
    // The answer's measures are a component of their own, described field by field.
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        "WritingMeasures",
        "WritingSubmission",
        "WritingSubmissionPage",
        "WritingDraft",
      ]),
    );
    expect(text).toContain('"#/components/schemas/WritingMeasures"');
  });

  it("describes the teacher's marking calls, each with every answer it gives (issue 39)", () => {
    const statuses = (path: string, method: (typeof METHODS)[number]) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {}).sort();
    const sorted = (list: string[]) => [...list].sort();
    // The student's own.
    expect(statuses("/api/writing/submissions/{id}/marking-request", "post")).toEqual(
      sorted(["201", "400", "401", "403", "404", "409", "413", "429", "500", "503"]),
    );
    expect(statuses("/api/writing/progress", "get")).toEqual(
      sorted(["200", "400", "401", "500", "503"]),
    );
    // The owners': 403 to anyone else.
    expect(statuses("/api/writing/queue", "get")).toEqual(
      sorted(["200", "400", "401", "403", "500", "503"]),
    );
    expect(statuses("/api/writing/submissions/{id}/comments", "post")).toEqual(
      sorted(["201", "400", "401", "403", "404", "409", "413", "429", "500", "503"]),
    );
    for (const method of ["patch", "delete"] as const)
      expect(statuses("/api/writing/comments/{id}", method), method).toEqual(
        sorted(["200", "400", "401", "403", "404", "409", "413", "429", "500", "503"]),
      );
    expect(statuses("/api/writing/submissions/{id}/marks", "put")).toEqual(
      sorted(["200", "400", "401", "403", "404", "413", "429", "500", "503"]),
    );
    expect(statuses("/api/writing/submissions/{id}/return", "post")).toEqual(
      sorted(["200", "400", "401", "403", "404", "409", "413", "429", "500", "503"]),
    );
    for (const path of ["/api/writing/queue", "/api/writing/comments/{id}"]) {
      const item = document.paths[path] ?? {};
      for (const operation of Object.values(item))
        expect(operation.security, path).toEqual([{ bearer: [] }, { session: [] }]);
    }
    // The answer carries its marking, described once and referred to.
    expect(Object.keys(document.components.schemas)).toEqual(
      expect.arrayContaining([
        "WritingMarking",
        "WritingMarkingState",
        "WritingComment",
        "WritingQueuePage",
        "WritingProgress",
      ]),
    );
    const submission = document.components.schemas.WritingSubmission as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(submission.properties)).toEqual(
      expect.arrayContaining(["status", "revisionOf", "sentForMarkingAt", "marking"]),
    );
    expect(document.webhooks["writing.marked"]?.post.summary).toBe(
      "The teacher returned (or corrected) the marking of a Writing answer",
    );
  });

  it("has no two paths that differ only in their parameters' names", () => {
    const shapes = Object.keys(document.paths).map(shapeOf);
    expect(shapes.length).toBe(new Set(shapes).size);
  });

  it("describes every route under /api the app answers, and no route of its own it lacks", () => {
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, item]) =>
        METHODS.filter((method) => item[method]).map(
          (method) => `${method.toUpperCase()} ${shapeOf(path)}`,
        ),
      ),
    );
    const routes = new Set(
      site.app.routes
        .filter(
          (route) =>
            route.method !== "ALL" &&
            (route.path === "/api" || route.path.startsWith("/api/")) &&
            !route.path.includes("*"),
        )
        .map((route) => `${route.method} ${shapeOf(route.path)}`),
    );
    expect(routes.size).toBeGreaterThan(30);
    expect([...routes].filter((route) => !documented.has(route))).toEqual([]);
    // What the document has beyond them is Better Auth's, under /api/auth.
    expect(
      [...documented].filter((route) => !routes.has(route) && !route.includes(" /api/auth/")),
    ).toEqual([]);
  });

  it("describes Better Auth's endpoints the README names, each one Better Auth answers", async () => {
    const documented = new Set(Object.keys(document.paths).map(shapeOf));
    const readme = readFileSync(join(root, "README.md"), "utf8");
    const named = new Set(
      [...readme.matchAll(/\/api\/auth\/([\w/-]+)/g)].map((match) =>
        shapeOf(`/api/auth/${match[1]}`.replace(/\/(reset-password)\/[\w-]*$/, "/$1/{}")),
      ),
    );
    expect(named.size).toBeGreaterThan(5);
    expect([...named].filter((path) => !documented.has(path))).toEqual([]);
    // Better Auth's own routes (`/reset-password/:token`), so the document names only real ones.
    const endpoints = new Set(
      Object.values(site.app.auth.api as Record<string, { path?: string }>).flatMap((endpoint) =>
        endpoint.path ? [shapeOf(`/api/auth${endpoint.path}`)] : [],
      ),
    );
    const ours = new Set(["/api/auth/request-password-reset"]);
    const imagined = [...documented].filter(
      (path) => path.startsWith("/api/auth/") && !endpoints.has(path) && !ours.has(path),
    );
    expect(imagined).toEqual([]);
  });

  it("fails an answer the document does not describe", async () => {
    const contract = createContract(document);
    const json = (body: unknown, status: number, headers: Record<string, string> = {}) =>
      new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json", ...headers },
      });
    const listHeaders = { etag: '"x"', "cache-control": "public, no-cache" };
    await expect(
      contract.check(
        "GET",
        `${ORIGIN}/api/services`,
        json({ services: [], count: 0 }, 200, listHeaders),
      ),
    ).resolves.toBeUndefined();
    for (const [method, path, response] of [
      // A status the call does not give.
      ["GET", "/api/services", json({ message: "x" }, 418)],
      // A field too many: a leaked e-mail address.
      ["GET", "/api/services", json({ services: [], count: 0, email: "a@b.c" }, 200, listHeaders)],
      // A field missing.
      ["GET", "/api/services", json({ services: [] }, 200, listHeaders)],
      // A header the answer must carry.
      ["GET", "/api/services", json({ services: [], count: 0 }, 200)],
      // Not JSON.
      ["GET", "/api/me", new Response("hello", { status: 401 })],
      // An address that answers but is not in the document.
      ["GET", "/api/secret-route", json({ ok: true }, 200)],
      // A method the path does not take, answered.
      ["PUT", "/api/me", json({ ok: true }, 200)],
    ] as const) {
      await expect(
        contract.check(method, `${ORIGIN}${path}`, response),
        `${method} ${path}`,
      ).rejects.toBeInstanceOf(ContractViolation);
    }
  });
});

describe("the API reference page, /api/docs (issue 28)", () => {
  const site = testSiteOn("sqlite");

  it("is a page under the site's policy, listing every call of the document by resource", async () => {
    const document = (await (
      await site.app.request(`${ORIGIN}/api/openapi.json`)
    ).json()) as OpenApiDocument;
    const response = await site.app.request(`${ORIGIN}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const policy = response.headers.get("content-security-policy") ?? "";
    const scripts = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scripts).toContain("'self'");
    expect(scripts).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(policy).toContain("connect-src 'self'");
    const html = await response.text();
    expect(html).toContain("<title>API reference - IELTS Hub</title>");
    expect(html).toMatch(/<meta name="description" content="Every call of the IELTS Hub JSON API/);
    for (const tag of document.tags) expect(html).toContain(`>${tag.name}</h2>`);
    for (const item of Object.values(document.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (operation) expect(html).toContain(`id="${operation.operationId}"`);
      }
    }
    // No asset from another origin: everything comes from the site.
    expect(html).not.toMatch(/(src|href)="https?:\/\/(?!localhost:3000)/);
    // React Router's data for it is the page's, not the API's.
    const data = await site.app.request(`${ORIGIN}/api/docs.data`);
    expect(data.status).toBe(200);
    expect(data.headers.get("content-security-policy")).not.toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it("is the same for anyone: signed out, a student, an owner", async () => {
    const names = { student: "Docs Reader Student", owner: "Docs Reader Teacher" };
    const student = await signUpWithToken(site.app, site.database.db, { name: names.student });
    const owner = await signUpWithToken(site.app, site.database.db, { name: names.owner });
    await makeOwner(site.database.db, owner.email);
    // Both have confirmed their address (else a banner asks them to, on every page).
    await site.database.db
      .updateTable("users")
      .set({ email_verified: sql<boolean>`true` })
      .where("email", "in", [student.email, owner.email])
      .execute();
    const tags = new Set<string>();
    const pages: string[] = [];
    for (const who of [undefined, student, owner]) {
      const headers: Record<string, string> = who ? { authorization: `Bearer ${who.token}` } : {};
      const document = await site.app.request(`${ORIGIN}/api/openapi.json`, { headers });
      expect(document.status).toBe(200);
      tags.add(document.headers.get("etag") ?? "");
      const page = await site.app.request(`${ORIGIN}/api/docs`, {
        headers: who ? { cookie: who.cookie } : {},
      });
      expect(page.status).toBe(200);
      pages.push(await page.text());
    }
    expect(tags.size).toBe(1);
    // The reference is the same page for anyone: only the header's account menu differs (who is
    // signed in, and the owner's links), and the data the page hydrates with, which says who.
    const header = (html: string) => /<header[\s\S]*?<\/header>/.exec(html)?.[0] ?? "";
    const withoutWho = (html: string) =>
      html
        .replace(/<header[\s\S]*?<\/header>/, "")
        .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
    const [visitorPage, studentPage, ownerPage] = pages as [string, string, string];
    expect(withoutWho(studentPage)).toBe(withoutWho(visitorPage));
    expect(withoutWho(ownerPage)).toBe(withoutWho(visitorPage));
    expect(withoutWho(visitorPage)).toContain('id="signUp"');
    const [visitorHeader, studentHeader, ownerHeader] = pages.map(header);
    expect(visitorHeader).toContain('href="/login"');
    expect(visitorHeader).not.toContain(student.email);
    expect(studentHeader).not.toContain('href="/login"');
    expect(studentHeader).toContain(names.student);
    expect(studentHeader).not.toContain('href="/admin"');
    expect(ownerHeader).toContain('href="/admin"');
    // Nothing about the person outside the header but the data that names them.
    for (const [who, name, html] of [
      [student, names.student, studentPage],
      [owner, names.owner, ownerPage],
    ] as const) {
      expect(withoutWho(html)).not.toContain(who.email);
      expect(withoutWho(html)).not.toContain(name);
    }
  });
});
