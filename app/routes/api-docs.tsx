import {
  createContext,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useState,
} from "react";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import {
  apiReference,
  type Rendered as RenderedEntry,
  type TryItCall,
} from "../lib/api-reference.server.tsx";
import { publicPageMeta } from "../lib/meta.ts";
import type { Route } from "./+types/api-docs";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "API reference",
    description:
      "Every call of the IELTS Hub JSON API, by resource: what it takes, what it answers, examples, and a form to try it.",
    path: sitePages.apiDocs.path,
  });

/** The OpenAPI document the server made from its routes' schemas, as the page shows it. */
export function loader({ context }: Route.LoaderArgs) {
  return apiReference(context.get(appContext).apiDocument);
}

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** The bearer token the try-it forms send, typed once at the top. */
const TokenContext = createContext("");

/**
 * Server-rendered reading matter (app/lib/api-reference.server.tsx): React escaped it there, and
 * hydration leaves it as it is instead of walking thousands of table cells.
 */
function Rendered({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by React on the server, see above
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

interface Answer {
  status: string;
  headers: string;
  body: string;
}

/**
 * A call's form: its parameters and body filled in with the examples, sent from this page with
 * fetch (the session cookie goes along, and the token typed above if any), and the answer shown
 * as it came: status, headers and body.
 */
function TryIt({ call }: { call: TryItCall }) {
  const token = useContext(TokenContext);
  const id = useId();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const name = `${call.method} ${call.path}`;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (field: string) => String(form.get(field) ?? "");
    const path = call.path.replace(/\{(\w+)\}/g, (_, parameter: string) =>
      encodeURIComponent(value(`path:${parameter}`)),
    );
    const query = new URLSearchParams(
      call.parameters
        .filter((parameter) => parameter.in === "query" && value(`query:${parameter.name}`) !== "")
        .map((parameter) => [parameter.name, value(`query:${parameter.name}`)]),
    ).toString();
    const headers: Record<string, string> = { accept: "application/json" };
    if (token.trim()) headers.authorization = `Bearer ${token.trim()}`;
    const body = call.body === null ? "" : value("body").trim();
    if (body) headers["content-type"] = "application/json";
    setSending(true);
    try {
      const response = await fetch(query ? `${path}?${query}` : path, {
        method: call.method,
        headers,
        body: body || undefined,
        credentials: "same-origin",
        redirect: "manual",
      });
      if (response.type === "opaqueredirect") {
        setAnswer({ status: "a redirect (a browser would follow it)", headers: "", body: "" });
        return;
      }
      const text = await response.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // Not JSON (an empty body): shown as it came.
      }
      setAnswer({
        status: `${response.status} ${STATUS_TEXT[response.status] ?? ""}`.trim(),
        headers: [...response.headers].map(([header, text]) => `${header}: ${text}`).join("\n"),
        body: shown,
      });
    } catch (error) {
      setAnswer({ status: "none: the request failed", headers: "", body: String(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="mt-4">
      <button
        type="button"
        className="btn-secondary px-3 py-1.5"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => setOpen(!open)}
      >
        {open ? "Close the form" : "Try it"}
        <span className="sr-only">: {name}</span>
      </button>
      <div id={`${id}-form`} hidden={!open}>
        {open && (
          <form onSubmit={send} className="mt-3 space-y-3 rounded-lg border border-slate-300 p-4">
            {call.parameters.map((parameter) => (
              <div key={`${parameter.in}:${parameter.name}`}>
                <label
                  htmlFor={`${id}-${parameter.in}-${parameter.name}`}
                  className="text-sm font-medium"
                >
                  {parameter.name}{" "}
                  <span className="font-normal text-slate-600">
                    ({parameter.in === "path" ? "in the path" : "in the query"}
                    {parameter.required ? ", required" : ""})
                  </span>
                </label>
                <input
                  id={`${id}-${parameter.in}-${parameter.name}`}
                  name={`${parameter.in}:${parameter.name}`}
                  {...(parameter.in === "path"
                    ? { defaultValue: parameter.example, required: true }
                    : { placeholder: parameter.example })}
                  className="field mt-1 font-mono text-sm"
                  autoComplete="off"
                  spellCheck={false}
                />
              </div>
            ))}
            {call.body !== null && (
              <div>
                <label htmlFor={`${id}-body`} className="text-sm font-medium">
                  Body <span className="font-normal text-slate-600">(JSON)</span>
                </label>
                <textarea
                  id={`${id}-body`}
                  name="body"
                  defaultValue={call.body}
                  rows={Math.min(12, call.body.split("\n").length + 1)}
                  className="field mt-1 font-mono text-sm"
                  spellCheck={false}
                />
              </div>
            )}
            <button type="submit" className="btn-primary" disabled={sending}>
              Send {name}
            </button>
          </form>
        )}
        <div aria-live="polite" className="api-reference">
          {open && answer && (
            <>
              <p>
                <strong>Answer: </strong>
                <code>{answer.status}</code>
              </p>
              {answer.headers && (
                <>
                  <p>Headers:</p>
                  <pre>{answer.headers}</pre>
                </>
              )}
              {answer.body && (
                <>
                  <p>Body:</p>
                  <pre>{answer.body}</pre>
                </>
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

const CARD = "scroll-mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6";

/**
 * A call or a shape: what it is, always shown, and its details (fields, answers, examples, the
 * form) behind a disclosure, so the page reads as a list and lays out only what is opened.
 */
function Entry({
  entry,
  summary,
  children,
}: {
  entry: RenderedEntry;
  summary: string;
  children?: ReactNode;
}) {
  return (
    <article id={entry.id} aria-labelledby={`${entry.id}-heading`} className={CARD}>
      <Rendered html={entry.headHtml} className="api-reference" />
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-brand-700">
          {summary}
          <span className="sr-only">: {entry.label}</span>
        </summary>
        <Rendered html={entry.detailHtml} className="api-reference" />
        {children}
      </details>
    </article>
  );
}

/** A link to a call or a shape opens its details (not every browser does so by itself). */
function useOpenLinkedDetails() {
  useEffect(() => {
    const open = () => {
      const target = window.location.hash
        ? document.getElementById(window.location.hash.slice(1))
        : null;
      // A call or a shape (an article) opens its own details; anything inside them, those.
      const details = target?.matches("article")
        ? target.querySelector<HTMLDetailsElement>(":scope > details")
        : target?.closest("details");
      if (details) details.open = true;
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, []);
}

export default function ApiDocs({ loaderData: reference }: Route.ComponentProps) {
  const [token, setToken] = useState("");
  const tokenId = useId();
  useOpenLinkedDetails();
  return (
    <TokenContext.Provider value={token}>
      <div className="container-page max-w-4xl py-12">
        <h1 className="text-3xl font-bold text-slate-900">API reference</h1>
        <div className="api-reference">
          <p>
            {reference.title}: every call, by resource. The same for programs:{" "}
            <a href="/api/openapi.json">the OpenAPI 3.1 document</a>.
          </p>
          <Rendered html={reference.overviewHtml} />
        </div>

        <nav aria-label="Resources" className="mt-6">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {reference.groups.map((group) => (
              <li key={group.tag}>
                <a href={`#${group.anchor}`} className="link">
                  {group.tag}
                </a>
              </li>
            ))}
            <li>
              <a href="#shared-answers" className="link">
                Answers every call may give
              </a>
            </li>
            <li>
              <a href="#schemas" className="link">
                Shapes
              </a>
            </li>
            <li>
              <a href="#webhooks" className="link">
                Webhooks
              </a>
            </li>
          </ul>
        </nav>

        <section
          aria-labelledby="try-heading"
          className="mt-8 rounded-2xl bg-brand-50 p-5 ring-1 ring-brand-100"
        >
          <h2 id="try-heading" className="text-xl font-bold text-slate-900">
            Trying the calls
          </h2>
          <p className="mt-2 text-slate-700">
            Each call has a “Try it” form, sent from this page. Signed in on this site, your session
            goes along; or paste a token from <code>POST /api/jwt</code> here. Calls that change
            things change them for real.
          </p>
          <label htmlFor={tokenId} className="mt-3 block text-sm font-medium">
            Bearer token <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id={tokenId}
            value={token}
            onChange={(event) => setToken(event.target.value)}
            className="field mt-1 font-mono text-sm"
            autoComplete="off"
            spellCheck={false}
          />
        </section>

        {reference.groups.map((group) => (
          <section
            key={group.tag}
            id={group.anchor}
            aria-labelledby={`${group.anchor}-heading`}
            className="mt-10 scroll-mt-6"
          >
            <h2 id={`${group.anchor}-heading`} className="text-2xl font-bold text-slate-900">
              {group.tag}
            </h2>
            <p className="mt-1 text-slate-700">{group.description}</p>
            <div className="mt-4 space-y-6">
              {group.calls.map((call) => (
                <Entry key={call.id} entry={call} summary="Parameters, body, answers, and “Try it”">
                  <TryIt call={call.tryIt} />
                </Entry>
              ))}
            </div>
          </section>
        ))}

        <section
          id="shared-answers"
          aria-labelledby="shared-answers-heading"
          className="mt-10 scroll-mt-6"
        >
          <h2 id="shared-answers-heading" className="text-2xl font-bold text-slate-900">
            Answers every call may give
          </h2>
          <div className={`mt-4 ${CARD}`}>
            <Rendered html={reference.sharedHtml} className="api-reference" />
          </div>
        </section>

        <section id="schemas" aria-labelledby="schemas-heading" className="mt-10 scroll-mt-6">
          <h2 id="schemas-heading" className="text-2xl font-bold text-slate-900">
            Shapes
          </h2>
          <div className="mt-4 space-y-6">
            {reference.schemas.map((schema) => (
              <Entry key={schema.id} entry={schema} summary="Fields and example" />
            ))}
          </div>
        </section>

        <section id="webhooks" aria-labelledby="webhooks-heading" className="mt-10 scroll-mt-6">
          <h2 id="webhooks-heading" className="text-2xl font-bold text-slate-900">
            Webhooks
          </h2>
          <p className="mt-1 text-slate-700">
            An owner adds endpoints on <a href="/admin/webhooks">Admin → Webhooks</a> and picks the
            events each one gets. Each event is a <code>POST</code> of JSON{" "}
            <code>{"{type, timestamp, data}"}</code>, after the event's own answer, signed as the
            Standard Webhooks specification says: <code>webhook-id</code> (the same on every
            attempt), <code>webhook-timestamp</code> (Unix seconds) and{" "}
            <code>webhook-signature</code>, <code>v1,</code> and the Base64 HMAC-SHA256 of{" "}
            <code>id.timestamp.body</code> under the endpoint's <code>whsec_</code> secret. Any 2xx
            answer is a delivery; otherwise it is tried again for a day.
          </p>
          <div className="mt-4 space-y-6">
            {reference.webhooks.map((webhook) => (
              <Entry key={webhook.id} entry={webhook} summary="Body and its fields" />
            ))}
          </div>
        </section>
      </div>
    </TokenContext.Provider>
  );
}
