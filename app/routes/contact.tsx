import { data, useLocation } from "react-router";
import { contactMessageSchema } from "../../core/contact/contact.ts";
import { receiveContactMessage } from "../../core/contact/contact-messages.server.ts";
import { MAX_CONTACT_MESSAGE_LENGTH } from "../../core/limits/field-limits.ts";
import { getFooterWords } from "../../core/site/site-words.server.ts";
import { ContactDetailsList, hasContactDetails } from "../components/contact-details.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { EmailField, FieldForm, NameField, TextAreaField } from "../components/form-field.tsx";
import { SubmitButton } from "../components/submit-button.tsx";
import { sitePages } from "../content/site-pages.ts";
import { appContext } from "../context.server.ts";
import { parseForm } from "../lib/forms.ts";
import { publicPageMeta } from "../lib/meta.ts";
import { retryAfterHeaders, writeLimited } from "../lib/refusals.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/contact";

export const headers: Route.HeadersFunction = retryAfterHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  publicPageMeta(matches, {
    page: "Contact",
    description:
      "Questions about a course, a membership or your IELTS preparation? Write to the teacher.",
    path: sitePages.contact.path,
  });

/** The ways to reach the teacher besides the form, as the owner set them on /admin/site. */
export async function loader({ context }: Route.LoaderArgs) {
  const { contact } = await getFooterWords(context.get(appContext).db);
  return { contact };
}

/**
 * The message is kept for the owners' inbox and mailed to them (core/contact/contact-messages.server.ts);
 * the page then says so and clears the form. A bot that fills the hidden field gets the same
 * answer, and nothing is kept or sent.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const result = parseForm(contactMessageSchema, form);
  if (!result.ok) {
    return data(
      { values: result.values, fieldErrors: result.fieldErrors, flash: null },
      { status: 400 },
    );
  }
  const { db, clientAddress, wakeMailWorker, wakeWebhookWorker } = context.get(appContext);
  const honeypot = form.get(HONEYPOT_FIELD);
  const received = await receiveContactMessage(db, {
    input: result.data,
    address: clientAddress,
    honeypot: typeof honeypot === "string" ? honeypot : undefined,
  });
  if (!received.ok) return writeLimited(request, context, undefined, received);
  wakeMailWorker();
  wakeWebhookWorker();
  return redirectWithToast("/contact", { type: "success", message: "Message sent" });
}

/** A field people never see (hidden from sight and from assistive technology); bots fill it in. */
const HONEYPOT_FIELD = "website";

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  // A sent message redirects back here: a new location, so the form starts empty again.
  const location = useLocation();
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Contact</h1>
      <p className="mt-1 text-slate-600">
        Questions about a course or a membership? Send a message.
      </p>

      {hasContactDetails(loaderData.contact) && (
        <section aria-labelledby="reach-heading" className="form-card mt-6">
          <h2 id="reach-heading" className="text-xl font-bold text-slate-900">
            Other ways to reach me
          </h2>
          <ContactDetailsList
            contact={loaderData.contact}
            className="grid gap-4 text-slate-700 sm:grid-cols-2"
            termClassName="text-sm font-semibold text-slate-900"
            linkClassName="link"
          />
        </section>
      )}

      <FlashToast flash={actionData?.flash} />
      <FieldForm
        key={location.key}
        state={actionData}
        method="post"
        data-moves-focus
        className="form-card mt-6"
      >
        <div aria-hidden="true" className="absolute -left-[9999px] size-px overflow-hidden">
          <label>
            Leave this empty
            <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
          </label>
        </div>
        <NameField />
        <EmailField />
        <TextAreaField
          label="Message"
          name="message"
          maxLength={MAX_CONTACT_MESSAGE_LENGTH}
          rows={6}
          required
        />
        <SubmitButton busyLabel="Sending…">Submit</SubmitButton>
      </FieldForm>
    </div>
  );
}
