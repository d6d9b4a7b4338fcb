import { type ReactNode, useEffect, useId, useState } from "react";
import { TokenContext, TryIt } from "../components/api-try-it.tsx";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { apiReference, type Rendered as RenderedEntry } from "../lib/api-reference.server.tsx";
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

/**
 * Server-rendered reading matter (app/lib/api-reference.server.tsx): React escaped it there, and
 * hydration leaves it as it is instead of walking thousands of table cells.
 */
function Rendered({ html, className }: { html: string; className?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered by React on the server, see above
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
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
