import { redirect } from "react-router";
import {
  SUBSCRIBE_ANSWER,
  subscribe,
  subscriberEmailSchema,
} from "../../core/mail/newsletter.server.ts";
import { appContext } from "../context.server.ts";
import { writeLimited } from "../lib/refusals.server.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/newsletter";

/** The home page's subscribe box posts here; the answer is the same for every valid address. */
export async function action({ request, context }: Route.ActionArgs) {
  const email = subscriberEmailSchema.safeParse((await request.formData()).get("email"));
  if (!email.success) {
    return redirectWithToast("/#subscribe-heading", {
      type: "error",
      message: email.error.issues[0]?.message ?? "Please enter a valid e-mail address.",
    });
  }
  const { db, clientAddress, wakeMailWorker } = context.get(appContext);
  const subscribed = await subscribe(db, {
    email: email.data,
    address: clientAddress,
    siteUrl: new URL(request.url).origin,
  });
  if (!subscribed.ok) return writeLimited(request, context, undefined, subscribed);
  wakeMailWorker();
  return redirectWithToast("/#subscribe-heading", { type: "success", message: SUBSCRIBE_ANSWER });
}

export function loader() {
  return redirect("/#subscribe-heading");
}
