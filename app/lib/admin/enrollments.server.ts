import {
  decideEnrollment,
  decisionInputSchema,
  mayDecideEnrollment,
} from "../../../core/enrollments/enrollments.server.ts";
import { MAX_PAYMENT_INSTRUCTIONS_LENGTH } from "../../../core/limits/field-limits.ts";
import { setPaymentInstructions } from "../../../core/site/site-settings.server.ts";
import { addToWritingAllowance } from "../../../core/writing/marking-allowance.server.ts";
import { appContext } from "../../context.server.ts";
import { notYours } from "../refusals.server.ts";
import { redirectWithToast } from "../toast.server.ts";
import { type AdminActions, field } from "./action.server.ts";

const here = "/admin#enrollments-heading";

/** The Enrollment requests section: confirm or decline a request; the payment instructions. */
export const enrollmentActions: AdminActions = {
  "decide-enrollment": async ({ request, context, owner, form }) => {
    const { db } = context.get(appContext);
    const enrollmentId = field(form, "enrollmentId");
    // A request that is gone or already decided is the 404 page, whatever decision was sent.
    const allowed = await mayDecideEnrollment(db, { actor: owner, enrollmentId });
    if (!allowed.ok) throw notYours(request, context, owner.id, allowed.reason);
    const input = decisionInputSchema.safeParse({
      decision: form.get("decision") ?? undefined,
      note: form.get("note") ?? undefined,
    });
    if (!input.success) {
      return redirectWithToast(here, {
        type: "error",
        message: input.error.issues[0]?.message ?? "",
      });
    }
    const decided = await decideEnrollment(db, {
      actor: owner,
      enrollmentId,
      decision: input.data.decision,
      note: input.data.note,
      siteUrl: new URL(request.url).origin,
    });
    if (!decided.ok) throw notYours(request, context, owner.id, decided.reason);
    context.get(appContext).wakeMailWorker();
    return redirectWithToast(here, {
      type: "success",
      message: `Request ${input.data.decision}; the student is told by e-mail.`,
    });
  },
  // An approved student's allowance of Writing answers marked (issue 39, point 1).
  "add-writing-answers": async ({ request, context, owner, form }) => {
    const raw = field(form, "answers").trim();
    const added = await addToWritingAllowance(context.get(appContext).db, {
      actor: owner,
      enrollmentId: field(form, "enrollmentId"),
      answers: /^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN,
    });
    if (!added.ok) {
      if (added.reason === "not-found") throw notYours(request, context, owner.id, "not-found");
      return redirectWithToast(here, { type: "error", message: added.message });
    }
    return redirectWithToast(here, {
      type: "success",
      message: `${added.added === 1 ? "1 Writing answer" : `${added.added} Writing answers`} added to the student's marking.`,
    });
  },
  "payment-instructions": async ({ context, form }) => {
    const text = field(form, "paymentInstructions").trim();
    if (!text || text.length > MAX_PAYMENT_INSTRUCTIONS_LENGTH) {
      return redirectWithToast(here, {
        type: "error",
        message: `Please write the payment instructions (at most ${MAX_PAYMENT_INSTRUCTIONS_LENGTH} characters).`,
      });
    }
    await setPaymentInstructions(context.get(appContext).db, text);
    return redirectWithToast(here, { type: "success", message: "Payment instructions saved." });
  },
};
