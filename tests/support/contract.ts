import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type {
  OpenApiDocument,
  OpenApiOperation,
  OpenApiResponse,
} from "../../server/api/openapi.ts";

/*
 * The JSON API's contract (issue 28): every answer a test receives from /api is checked against
 * the OpenAPI document the site serves — its status must be one the document gives that call,
 * the headers it names must be there, and its body must match the documented schema — so the
 * document cannot drift from what the site answers. The test app runs every answer through
 * `check` (tests/support/test-app.ts).
 */

const DOCUMENT_ID = "https://ielts-hub.test/openapi.json";
const METHODS = ["get", "post", "put", "patch", "delete"] as const;
type Method = (typeof METHODS)[number];

/** The reference page is a page; the rest of /api is the JSON API. */
const API_REFERENCE_PAGE = /^\/api\/docs(\.data)?\/?$/;
export const isApiAnswer = (path: string) =>
  (path === "/api" || path.startsWith("/api/")) && !API_REFERENCE_PAGE.test(path);

/** Refusals made before any route (server/app.ts), which any address may get. */
const BEFORE_ANY_ROUTE = new Set([400, 403, 413, 500, 503]);

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, "") : path);
const pointer = (...parts: string[]) =>
  parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

export class ContractViolation extends Error {
  override name = "ContractViolation";
}

export interface Contract {
  /** The documented route for a method and path, if any. */
  find(
    method: string,
    path: string,
  ): { template: string; operation: OpenApiOperation | undefined } | undefined;
  /** Throws a ContractViolation when the answer is not what the document says. */
  check(method: string, url: string, response: Response): Promise<void>;
}

export function createContract(document: OpenApiDocument): Contract {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID } as object);
  const validators = new Map<string, ValidateFunction>();
  const validatorAt = (at: string) => {
    let validate = validators.get(at);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${at}` });
      validators.set(at, validate);
    }
    return validate;
  };

  const routes = Object.entries(document.paths).map(([template, operations]) => ({
    template,
    test: new RegExp(
      `^${withoutTrailingSlash(template)
        .split("/")
        .map((part) =>
          /^\{.+\}$/.test(part) ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        )
        .join("/")}$`,
    ),
    operations,
  }));

  const find: Contract["find"] = (method, path) => {
    const route = routes.find(({ test }) => test.test(withoutTrailingSlash(path)));
    if (!route) return undefined;
    const key = (method === "HEAD" ? "get" : method.toLowerCase()) as Method;
    return { template: route.template, operation: route.operations[key] };
  };

  /** The response object at `#/…`, following a `$ref` to components/responses. */
  const responseAt = (
    at: string,
    answer: OpenApiResponse | { $ref: string },
  ): { at: string; answer: OpenApiResponse } => {
    if ("$ref" in answer) {
      const name = answer.$ref.replace("#/components/responses/", "");
      const shared = document.components.responses[name];
      if (!shared)
        throw new ContractViolation(`The document refers to ${answer.$ref}, which it lacks.`);
      return { at: `/${pointer("components", "responses", name)}`, answer: shared };
    }
    return { at, answer };
  };

  async function bodyOf(response: Response): Promise<string> {
    const bytes = Buffer.from(await response.clone().arrayBuffer());
    const encoding = response.headers.get("content-encoding");
    if (encoding === "br") return brotliDecompressSync(bytes).toString();
    if (encoding === "gzip") return gunzipSync(bytes).toString();
    return bytes.toString();
  }

  /** The body against the schema at `schema` (a pointer into the document), or empty when none. */
  async function checkBody(
    what: string,
    response: Response,
    schema: string | undefined,
    method: string,
  ) {
    if (method === "HEAD" || response.status === 304) return;
    const text = await bodyOf(response);
    if (!schema) {
      if (text !== "")
        throw new ContractViolation(
          `${what}: the document gives this answer no body, but it has one: ${text.slice(0, 200)}`,
        );
      return;
    }
    if (!response.headers.get("content-type")?.includes("application/json"))
      throw new ContractViolation(
        `${what}: not JSON (${response.headers.get("content-type")}): ${text.slice(0, 200)}`,
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new ContractViolation(`${what}: the body is not JSON: ${text.slice(0, 200)}`);
    }
    const validate = validatorAt(schema);
    if (!validate(body)) {
      const problems = (validate.errors ?? [])
        .slice(0, 8)
        .map(
          (error) =>
            `${error.instancePath || "(body)"} ${error.message} ${JSON.stringify(error.params)}`,
        )
        .join("; ");
      throw new ContractViolation(
        `${what}: the body does not match the document: ${problems}\nbody: ${text.slice(0, 600)}`,
      );
    }
  }

  async function check(method: string, url: string, response: Response) {
    const path = new URL(url, "http://localhost").pathname;
    if (!isApiAnswer(path)) return;
    const what = `${method} ${path} → ${response.status}`;
    // A CORS preflight for an origin in CORS_ORIGINS: the browser's question before a call, not
    // a call (the document's description says what it answers).
    if (
      method === "OPTIONS" &&
      response.status === 204 &&
      response.headers.has("access-control-allow-origin")
    )
      return;
    const refusal = (status: number) =>
      `/${pointer("components", "schemas", status >= 500 ? "ServerError" : "Message")}`;
    const found = find(method, path);
    if (!found) {
      // An address no call has: the fallback's 404 (or 405 beside Better Auth's), or a refusal
      // made before any route.
      if (
        response.status === 404 ||
        response.status === 405 ||
        BEFORE_ANY_ROUTE.has(response.status)
      )
        return checkBody(what, response, refusal(response.status), method);
      throw new ContractViolation(
        `${what}: this address answers, but the OpenAPI document has no such path. Describe the route (server/api/document.ts).`,
      );
    }
    const { template, operation } = found;
    if (!operation) {
      // A method the path does not take: 405 with Allow (Better Auth's endpoints answer 404).
      if (response.status === 405 && !response.headers.has("allow"))
        throw new ContractViolation(`${what}: 405 without Allow.`);
      if (
        response.status === 404 ||
        response.status === 405 ||
        BEFORE_ANY_ROUTE.has(response.status)
      )
        return checkBody(what, response, refusal(response.status), method);
      throw new ContractViolation(
        `${what}: the document has no ${method} ${template}, yet it answered. Describe it, or refuse it with 405.`,
      );
    }
    const key = method === "HEAD" ? "get" : method.toLowerCase();
    const listed = operation.responses[String(response.status)];
    if (!listed)
      throw new ContractViolation(
        `${what}: status ${response.status} is not documented for ${method} ${template} (documented: ${Object.keys(operation.responses).join(", ")}).`,
      );
    const { at, answer } = responseAt(
      `/${pointer("paths", template, key, "responses", String(response.status))}`,
      listed,
    );
    for (const header of Object.keys(answer.headers ?? {})) {
      if (!response.headers.has(header))
        throw new ContractViolation(
          `${what}: the document says this answer carries ${header}; it does not.`,
        );
    }
    const media = answer.content?.["application/json"];
    await checkBody(
      what,
      response,
      media ? `${at}/${pointer("content", "application/json", "schema")}` : undefined,
      method,
    );
  }

  return { find, check };
}

/** One contract per document text, made once however many test apps serve it. */
const contracts = new Map<string, Contract>();

export function contractFor(documentText: string): Contract {
  let contract = contracts.get(documentText);
  if (!contract) {
    contract = createContract(JSON.parse(documentText) as OpenApiDocument);
    contracts.set(documentText, contract);
  }
  return contract;
}
