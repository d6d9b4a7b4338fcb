import type { ReactNode } from "react";
import { Form } from "react-router";
import { Link } from "./links.tsx";
import { SubmitButton } from "./submit-button.tsx";

/**
 * The page that asks before something goes: what will happen (`children`), a Delete button that
 * posts to the page itself, and the way back. It works without JavaScript, so nothing is deleted
 * by a single stray click on a link.
 */
export function DeleteConfirmation({
  title,
  cancelTo,
  children,
}: {
  title: ReactNode;
  cancelTo: string;
  children: ReactNode;
}) {
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
      <div className="form-card mt-6">
        {children}
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <SubmitButton
            className="btn bg-red-700 text-white hover:bg-red-800"
            busyLabel="Deleting…"
          >
            Delete
          </SubmitButton>
          <Link to={cancelTo} className="btn-secondary">
            Cancel
          </Link>
        </Form>
      </div>
    </div>
  );
}
