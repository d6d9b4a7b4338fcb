import type { SignedInUser } from "../../../core/signed-in-user.ts";
import type { AppContext, appContext } from "../../context.server.ts";

/** What every handler of an `/admin` form gets: the request, the signed-in owner, the form. */
export interface AdminActionArgs {
  request: Request;
  context: { get: (key: typeof appContext) => AppContext };
  owner: SignedInUser;
  form: FormData;
}

/** The handlers of one section's forms, by the form's `intent`. */
export type AdminActions = Record<string, (args: AdminActionArgs) => Promise<Response>>;

/** A form field as text (a missing one as empty). */
export const field = (form: FormData, name: string) => String(form.get(name) ?? "");
