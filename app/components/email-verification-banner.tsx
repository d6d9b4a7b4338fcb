import { Form, useLocation } from "react-router";
import { SubmitButton } from "./submit-button.tsx";

/**
 * Shown on every page to a signed-in person whose e-mail address is not confirmed yet, until it
 * is: the link went out at sign-up, and 'Send the link again' mails a fresh one (rate limited;
 * the action is /account's, so it works without JavaScript).
 */
export function EmailVerificationBanner() {
  const location = useLocation();
  return (
    <aside
      aria-label="Confirm your e-mail address"
      className="border-b border-amber-200 bg-amber-50"
    >
      <Form
        method="post"
        action="/account"
        className="container-page flex flex-wrap items-center gap-x-4 gap-y-2 py-2 text-sm text-amber-950"
      >
        <p className="min-w-0 flex-1">
          Please confirm your e-mail address: open the link we sent you when you signed up.
        </p>
        <input type="hidden" name="intent" value="send-verification" />
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
        <SubmitButton busyLabel="Sending…" className="btn-secondary">
          Send the link again
        </SubmitButton>
      </Form>
    </aside>
  );
}
