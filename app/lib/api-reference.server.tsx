import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type {
  JsonSchema,
  OpenApiDocument,
  OpenApiMethod,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiResponse,
} from "../../server/api/openapi.ts";

/*
 * /api/docs shows the OpenAPI document to people. What only needs reading (each call's
 * parameters, body, answers; the shapes) is rendered here once, to HTML, and the page puts it in
 * place as it is: the browser then hydrates only the forms that try the calls, not thousands of
 * table cells, and the page stays light. Schemas become tables of fields, nested ones with dotted
 * names (`profile.email`, `reviews[].rating`).
 */

export interface ReferenceField {
  name: string;
  /** The type as short text: `string | null`, `Service[]`, `"academic" | "general"`. */
  type: string;
  required: boolean;
  /** Its description and limits, in words. */
  notes: string;
}

interface ReferenceParameter extends ReferenceField {
  in: "path" | "query";
  /** What the try-it form starts with. */
  example: string;
}

interface ReferenceAnswer {
  status: string;
  /** Its own words: the shared answers it also stands for are linked instead. */
  description: string;
  /** The shared answers (components/responses) it also stands for. */
  also: string[];
  /** The body's type, or null for none. */
  type: string | null;
  headers: string[];
  example: string | null;
  /** A `{message}` example's sentence, shown as words rather than JSON. */
  message: string | null;
}

/** What a call's "Try it" form needs. */
export interface TryItCall {
  method: string;
  path: string;
  /** A path parameter starts with its example; a query one shows it as a hint, and starts empty. */
  parameters: { name: string; in: "path" | "query"; required: boolean; example: string }[];
  /** The body's example, for a call that takes one. */
  body: string | null;
}

/** Reading matter rendered (and escaped) by React, here: what shows, and what opens. */
export interface Rendered {
  id: string;
  /** `GET /api/services`, `Service`: what the disclosure's button names. */
  label: string;
  headHtml: string;
  detailHtml: string;
}

export interface ReferenceCall extends Rendered {
  tryIt: TryItCall;
}

export interface ApiReference {
  title: string;
  overviewHtml: string;
  groups: { tag: string; anchor: string; description: string; calls: ReferenceCall[] }[];
  sharedHtml: string;
  schemas: Rendered[];
  /** What the site POSTs to the teacher's webhook endpoints, one body per event type. */
  webhooks: Rendered[];
}

const METHODS: OpenApiMethod[] = ["get", "post", "put", "patch", "delete"];

const ACCESS: Record<string, string> = {
  bearer: "a bearer token",
  session: "the session cookie",
  twoFactor: "the cookie of a password sign-in awaiting its code",
};

const refName = (ref: string) => ref.slice(ref.lastIndexOf("/") + 1);

export const anchorOf = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** A schema's type as short text. */
export function typeOf(schema: JsonSchema | undefined): string {
  if (!schema || Object.keys(schema).length === 0) return "any";
  if (typeof schema.$ref === "string") return refName(schema.$ref);
  const union = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (union) return [...new Set(union.map(typeOf))].join(" | ");
  if ("const" in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.enum))
    return schema.enum.map((value) => JSON.stringify(value)).join(" | ");
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  return types
    .map((type) => {
      switch (type) {
        case "array": {
          const items = typeOf(schema.items as JsonSchema | undefined);
          return items.includes(" | ") ? `(${items})[]` : `${items}[]`;
        }
        case "string":
          if (schema.contentMediaType === "application/json") return "JSON text";
          if (schema.contentMediaType === "application/octet-stream") return "file";
          return typeof schema.format === "string" ? `string (${schema.format})` : "string";
        case "object":
          if (!schema.properties && typeof schema.additionalProperties === "object")
            return `{ [name]: ${typeOf(schema.additionalProperties as JsonSchema)} }`;
          return "object";
        case undefined:
          return "any";
        default:
          return type;
      }
    })
    .join(" | ");
}

/** A schema's limits and description, in words. */
function notesOf(schema: JsonSchema): string {
  const notes: string[] = [];
  if (typeof schema.description === "string") notes.push(schema.description);
  const { minLength, maxLength, minimum, maximum, maxItems, pattern } = schema;
  if (typeof minLength === "number" && typeof maxLength === "number")
    notes.push(`${minLength}–${maxLength} characters.`);
  else if (typeof maxLength === "number") notes.push(`At most ${maxLength} characters.`);
  else if (typeof minLength === "number" && minLength > 0)
    notes.push(`At least ${minLength} character${minLength === 1 ? "" : "s"}.`);
  if (typeof minimum === "number" && typeof maximum === "number")
    notes.push(`From ${minimum} to ${maximum}.`);
  else if (typeof minimum === "number") notes.push(`At least ${minimum}.`);
  else if (typeof maximum === "number") notes.push(`At most ${maximum}.`);
  if (typeof maxItems === "number") notes.push(`At most ${maxItems} items.`);
  if (typeof pattern === "string") notes.push(`Matches ${pattern}`);
  if ("default" in schema) notes.push(`Default: ${JSON.stringify(schema.default)}.`);
  return notes.join(" ");
}

/** The schema a nullable or optional wrapper stands for (`X | null` → X), with its notes. */
function unwrapped(schema: JsonSchema): JsonSchema {
  const union = schema.anyOf as JsonSchema[] | undefined;
  if (!union) return schema;
  const rest = union.filter((branch) => branch.type !== "null");
  if (rest.length !== 1 || !rest[0]) return schema;
  return { ...rest[0], ...(schema.description ? { description: schema.description } : {}) };
}

/** An object's fields, nested objects and lists of objects opened up with dotted names. */
export function fieldsOf(schema: JsonSchema, prefix = ""): ReferenceField[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).flatMap(([key, property]) => {
    const name = `${prefix}${key}`;
    const field: ReferenceField = {
      name,
      type: typeOf(property),
      required: required.has(key),
      notes: notesOf(unwrapped(property)),
    };
    const inner = unwrapped(property);
    if (inner.properties) return [field, ...fieldsOf(inner, `${name}.`)];
    const items = inner.type === "array" ? (inner.items as JsonSchema | undefined) : undefined;
    if (items?.properties) return [field, ...fieldsOf(items, `${name}[].`)];
    return [field];
  });
}

const pretty = (value: unknown) => JSON.stringify(value, null, 2);

function accessOf(operation: OpenApiOperation): string {
  if (!operation.security) return "Anyone.";
  const ways = operation.security.flatMap((requirement) =>
    Object.keys(requirement).map((name) => ACCESS[name] ?? name),
  );
  return `With ${ways.join(", or ")}.`;
}

function parameterOf(parameter: OpenApiParameter): ReferenceParameter {
  const example =
    parameter.example === undefined
      ? ""
      : typeof parameter.example === "string"
        ? parameter.example
        : JSON.stringify(parameter.example);
  return {
    name: parameter.name,
    in: parameter.in,
    type: typeOf(parameter.schema),
    required: parameter.required,
    notes: [parameter.description, notesOf(parameter.schema), example && `Example: \`${example}\`.`]
      .filter(Boolean)
      .join(" "),
    example,
  };
}

function messageOf(example: unknown): string | null {
  if (typeof example !== "object" || example === null) return null;
  const { message, ...rest } = example as { message?: unknown };
  return typeof message === "string" && Object.keys(rest).length === 0 ? message : null;
}

function answerOf(status: string, answer: OpenApiResponse): ReferenceAnswer {
  const media = answer.content?.["application/json"];
  const also = (answer["x-also"] ?? []).map(refName);
  return {
    status,
    description:
      also.length > 0 ? (answer.description.split(" Or: ")[0] ?? "") : answer.description,
    also,
    type: media ? typeOf(media.schema) : null,
    headers: Object.keys(answer.headers ?? {}),
    example: media?.example === undefined ? null : pretty(media.example),
    message: messageOf(media?.example),
  };
}

const STATUS_TEXT: Record<string, string> = {
  "200": "OK",
  "201": "Created",
  "302": "Found",
  "304": "Not Modified",
  "400": "Bad Request",
  "401": "Unauthorized",
  "403": "Forbidden",
  "404": "Not Found",
  "405": "Method Not Allowed",
  "409": "Conflict",
  "410": "Gone",
  "413": "Content Too Large",
  "415": "Unsupported Media Type",
  "422": "Unprocessable Content",
  "429": "Too Many Requests",
  "500": "Internal Server Error",
  "503": "Service Unavailable",
};

/** Text with `code` and **strong** marks, as the document's descriptions write them. */
function Inline({ text }: { text: string }) {
  return (
    <>
      {piecesOf(text, /(`[^`]+`|\*\*[^*]+\*\*)/).map(({ at, part }) => {
        if (part.startsWith("`") && part.endsWith("`"))
          return <code key={at}>{part.slice(1, -1)}</code>;
        if (part.startsWith("**") && part.endsWith("**"))
          return <strong key={at}>{part.slice(2, -2)}</strong>;
        return part;
      })}
    </>
  );
}

/** A text cut by a pattern with one group, each piece with where it starts (a stable key). */
function piecesOf(text: string, pattern: RegExp): { at: number; part: string }[] {
  let at = 0;
  return text.split(pattern).map((part) => {
    const piece = { at, part };
    at += part.length;
    return piece;
  });
}

/** A type as text, each schema it names a link to that schema. */
function TypeLinks({ type, names }: { type: string; names: ReadonlySet<string> }) {
  return (
    <>
      {piecesOf(type, /([A-Za-z]+)/).map(({ at, part }) =>
        names.has(part) ? (
          <a key={at} href={`#schema-${part}`}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function TypeText({ type, names }: { type: string; names: ReadonlySet<string> }) {
  return (
    <code>
      <TypeLinks type={type} names={names} />
    </code>
  );
}

function Fields({
  fields,
  caption,
  names,
}: {
  fields: ReferenceField[];
  caption: string;
  names: ReadonlySet<string>;
}) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Type</th>
          <th scope="col">Notes</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field.name}>
            <td>
              {field.name}
              {field.required && <span className="required">required</span>}
            </td>
            <td>
              <TypeLinks type={field.type} names={names} />
            </td>
            <td>
              <Inline text={field.notes} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What shows of a call: its heading, what it does, who may call it. */
function CallHead({
  method,
  path,
  operation,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
}) {
  return (
    <>
      <h3 id={`${operation.operationId}-heading`}>
        <span className={`method method-${method.toLowerCase()}`}>{method}</span>{" "}
        <code>{path}</code>
      </h3>
      <p className="summary">{operation.summary}</p>
      {operation.description && (
        <p>
          <Inline text={operation.description} />
        </p>
      )}
      <p>
        <strong>Who: </strong>
        {accessOf(operation)}
      </p>
    </>
  );
}

/** What opens: its parameters, body and answers. */
function CallDetails({
  method,
  path,
  operation,
  names,
}: {
  method: string;
  path: string;
  operation: OpenApiOperation;
  names: ReadonlySet<string>;
}) {
  const json = operation.requestBody?.content["application/json"];
  const multipart = operation.requestBody?.content["multipart/form-data"];
  const parameters = (operation.parameters ?? []).map(parameterOf);
  const answers: ReferenceAnswer[] = [];
  const shared: { status: string; name: string }[] = [];
  for (const [status, answer] of Object.entries(operation.responses)) {
    if ("$ref" in answer) shared.push({ status, name: refName(answer.$ref) });
    else {
      const described = answerOf(status, answer);
      answers.push(described);
      shared.push(...described.also.map((name) => ({ status, name })));
    }
  }
  shared.sort((a, b) => Number(a.status) - Number(b.status));
  const call = `${method} ${path}`;
  return (
    <>
      {parameters.length > 0 && (
        <>
          <h4>Parameters</h4>
          <Fields
            fields={parameters.map((parameter) => ({
              ...parameter,
              name: parameter.in === "query" ? `${parameter.name} (query)` : parameter.name,
            }))}
            caption={`Parameters of ${call}`}
            names={names}
          />
        </>
      )}
      {operation.requestBody && json && (
        <>
          <h4>Request body</h4>
          <p>
            {Object.keys(operation.requestBody.content).map((type, index) => (
              <span key={type}>
                {index > 0 && " or "}
                <code>{type}</code>
              </span>
            ))}
            {operation.requestBody.required ? "" : " (optional)"}
          </p>
          <Fields
            fields={[
              ...fieldsOf(json.schema),
              // A multipart body's files, which its JSON twin has no field for.
              ...fieldsOf(multipart?.schema ?? {}).filter((field) => field.type === "file"),
            ]}
            caption={`Body of ${call}`}
            names={names}
          />
          <p>Example:</p>
          <pre>{pretty(json.example)}</pre>
        </>
      )}
      <h4>Answers</h4>
      <ul>
        {answers.map((answer) => (
          <li key={answer.status}>
            <strong>
              {answer.status} {STATUS_TEXT[answer.status]}
            </strong>
            {answer.type && (
              <>
                {" → "}
                <TypeText type={answer.type} names={names} />
              </>
            )}
            {answer.headers.length > 0 && <> (with {answer.headers.join(", ")})</>}
            <br />
            <Inline text={answer.description} />
            {answer.example &&
              (answer.message ? <> “{answer.message}”</> : <pre>{answer.example}</pre>)}
          </li>
        ))}
      </ul>
      {shared.length > 0 && (
        <p>
          Also{" "}
          {shared.map((answer, index) => (
            <span key={`${answer.status}-${answer.name}`}>
              {index > 0 && ", "}
              <a href={`#answer-${answer.name}`}>{answer.status}</a>
            </span>
          ))}{" "}
          (<a href="#shared-answers">answers every call may give</a>).
        </p>
      )}
    </>
  );
}

function Shared({ document, names }: { document: OpenApiDocument; names: ReadonlySet<string> }) {
  return (
    <dl>
      {Object.entries(document.components.responses).map(([name, response]) => {
        const { type, headers, description } = answerOf("", response);
        return (
          <div key={name} id={`answer-${name}`}>
            <dt>
              {name}
              {type && (
                <>
                  {" → "}
                  <TypeText type={type} names={names} />
                </>
              )}
              {headers.length > 0 && <> (with {headers.join(", ")})</>}
            </dt>
            <dd>
              <Inline text={description} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

function schemaOf(name: string, schema: JsonSchema, names: ReadonlySet<string>): Rendered {
  const example = (schema.examples as unknown[] | undefined)?.[0];
  const fields = fieldsOf(schema);
  return {
    id: `schema-${name}`,
    label: name,
    headHtml: html(
      <>
        <h3 id={`schema-${name}-heading`}>
          <code>{name}</code>
        </h3>
        {typeof schema.description === "string" && (
          <p>
            <Inline text={schema.description} />
          </p>
        )}
      </>,
    ),
    detailHtml: html(
      <>
        {!schema.properties && (
          <p>
            <TypeText type={typeOf({ ...schema, description: undefined })} names={names} />
          </p>
        )}
        {fields.length > 0 && (
          <Fields fields={fields} caption={`Fields of ${name}`} names={names} />
        )}
        {example !== undefined && (
          <>
            <p>Example:</p>
            <pre>{pretty(example)}</pre>
          </>
        )}
      </>,
    ),
  };
}

const html = (node: ReactNode) => renderToStaticMarkup(node);

function tryItOf(method: string, path: string, operation: OpenApiOperation): TryItCall {
  const json = operation.requestBody?.content["application/json"];
  return {
    method,
    path,
    parameters: (operation.parameters ?? []).map(parameterOf).map((parameter) => ({
      name: parameter.name,
      in: parameter.in,
      required: parameter.required,
      example: parameter.example,
    })),
    body: json ? pretty(json.example) : null,
  };
}

// The document is made once per app; so is what the page shows of it.
const made = new WeakMap<OpenApiDocument, ApiReference>();

/** What /api/docs shows of `document`. */
export function apiReference(document: OpenApiDocument): ApiReference {
  let reference = made.get(document);
  if (!reference) {
    reference = referenceOf(document);
    made.set(document, reference);
  }
  return reference;
}

function referenceOf(document: OpenApiDocument): ApiReference {
  const names = new Set(Object.keys(document.components.schemas));
  const groups: ApiReference["groups"] = document.tags.map(({ name, description }) => ({
    tag: name,
    anchor: anchorOf(name),
    description,
    calls: [],
  }));
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const upper = method.toUpperCase();
      groups
        .find((group) => group.tag === operation.tags[0])
        ?.calls.push({
          id: operation.operationId,
          label: `${upper} ${path}`,
          headHtml: html(<CallHead method={upper} path={path} operation={operation} />),
          detailHtml: html(
            <CallDetails method={upper} path={path} operation={operation} names={names} />,
          ),
          tryIt: tryItOf(upper, path, operation),
        });
    }
  }
  return {
    title: document.info.title,
    overviewHtml: html(
      document.info.description.split(/\n\n+/).map((paragraph) => (
        <p key={paragraph}>
          <Inline text={paragraph} />
        </p>
      )),
    ),
    groups: groups.filter((group) => group.calls.length > 0),
    sharedHtml: html(<Shared document={document} names={names} />),
    schemas: Object.entries(document.components.schemas).map(([name, schema]) =>
      schemaOf(name, schema, names),
    ),
    webhooks: Object.entries(document.webhooks).map(([type, { post }]) =>
      schemaOf(
        type,
        { ...post.requestBody.content["application/json"].schema, description: post.summary },
        names,
      ),
    ),
  };
}
