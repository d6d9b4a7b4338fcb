import { Form } from "react-router";
import type { ReceivedMessage } from "../../../core/contact-messages.server.ts";
import { formatLongDate } from "../../../core/format.ts";
import { SubmitButton } from "../submit-button.tsx";

/** The contact form's messages, to mark handled. */
export function MessagesSection({ messages }: { messages: ReceivedMessage[] }) {
  return (
    <section aria-labelledby="messages-heading" className="form-card mt-8">
      <h2 id="messages-heading" className="text-xl font-bold text-slate-900">
        Messages
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Sent through the contact form; each was also mailed to the owners. Reply by e-mail.
      </p>
      {messages.length === 0 ? (
        <p className="mt-4 text-slate-600">No messages yet.</p>
      ) : (
        <ul className="mt-4 space-y-4">
          {messages.map((message) => (
            <li key={message.id} className="rounded-xl p-4 ring-1 ring-slate-200">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                {/* A long e-mail address breaks on a phone rather than widen the page. */}
                <p className="min-w-0 break-words">
                  <span className="font-semibold text-slate-900">{message.name}</span>{" "}
                  <a href={`mailto:${message.email}`} className="link">
                    {message.email}
                  </a>
                </p>
                <p className="text-sm text-slate-600">
                  {formatLongDate(message.receivedAt)}
                  {message.handledAt ? " · handled" : ""}
                </p>
              </div>
              <p className="mt-2 whitespace-pre-line break-words text-slate-700">
                {message.message}
              </p>
              {!message.handledAt && (
                <Form method="post" className="mt-3">
                  <input type="hidden" name="intent" value="message-handled" />
                  <input type="hidden" name="messageId" value={message.id} />
                  <SubmitButton
                    busyLabel="Marking…"
                    className="btn-secondary"
                    aria-label={`Mark the message from ${message.name} as handled`}
                  >
                    Mark handled
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
