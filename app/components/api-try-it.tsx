import { createContext, type FormEvent, useContext, useId, useState } from "react";
import type { TryItCall } from "../lib/api-reference.server.tsx";

/** The bearer token the try-it forms send, typed once at the top. */
export const TokenContext = createContext("");

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
export function TryIt({ call }: { call: TryItCall }) {
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
