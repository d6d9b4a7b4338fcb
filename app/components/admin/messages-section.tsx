import type { ReceivedMessage } from "../../../core/contact/contact-messages.server.ts";
import { formatLongDate } from "../../../core/format.ts";
import { useSiteTimeZone } from "../../lib/site-time-zone.ts";
import { ButtonForm } from "../button-form.tsx";
import { PanelSection } from "../panel-section.tsx";
import { UserText } from "../user-text.tsx";
import { CardList } from "./card-list.tsx";

/** The contact form's messages, to mark handled. */
export function MessagesSection({ messages }: { messages: ReceivedMessage[] }) {
  const timeZone = useSiteTimeZone();
  return (
    <PanelSection id="messages" title="Messages">
      <p className="mt-1 text-sm text-slate-600">
        Sent through the contact form; each was also mailed to the owners. Reply by e-mail.
      </p>
      <CardList items={messages} empty="No messages yet." keyOf={(message) => message.id}>
        {(message) => (
          <>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              {/* A long e-mail address breaks on a phone rather than widen the page. */}
              <p className="min-w-0 break-words">
                <UserText className="font-semibold text-slate-900">{message.name}</UserText>{" "}
                <a href={`mailto:${message.email}`} className="link wrap-anywhere">
                  {message.email}
                </a>
              </p>
              <p className="text-sm text-slate-600">
                {formatLongDate(message.receivedAt, timeZone)}
                {message.handledAt ? " · handled" : ""}
              </p>
            </div>
            <p dir="auto" className="mt-2 whitespace-pre-line wrap-anywhere text-slate-700">
              {message.message}
            </p>
            {!message.handledAt && (
              <ButtonForm
                fields={{ intent: "message-handled", messageId: message.id }}
                formClassName="mt-3"
                busyLabel="Marking…"
                className="btn-secondary"
                aria-label={`Mark handled: the message from ${message.name}`}
              >
                Mark handled
              </ButtonForm>
            )}
          </>
        )}
      </CardList>
    </PanelSection>
  );
}
