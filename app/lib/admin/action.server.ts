import { data } from "react-router";
import type { SignedInUser } from "../../../core/accounts/signed-in-user.ts";
import type { AppContext, appContext } from "../../context.server.ts";

/** What every handler of an `/admin` form gets: the request, the signed-in owner, the form. */
export interface AdminActionArgs {
  request: Request;
  context: { get: (key: typeof appContext) => AppContext };
  owner: SignedInUser;
  form: FormData;
}

/** A form sent back with what to correct, beside each field; `values` keeps what was typed. */
export type AdminFormErrors = ReturnType<typeof adminFormErrors>;

export function adminFormErrors(
  intent: string,
  errors: Record<string, string>,
  values: Record<string, string>,
) {
  return data({ intent, errors, values }, { status: 400 });
}

/** The handlers of one section's forms, by the form's `intent`. */
export type AdminActions = Record<
  string,
  (args: AdminActionArgs) => Promise<Response | AdminFormErrors>
>;

/** A form field as text (a missing one as empty). */
export const field = (form: FormData, name: string) => String(form.get(name) ?? "");
