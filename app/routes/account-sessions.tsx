import { data } from "react-router";
import {
  endOtherSignedInDevices,
  endSignedInDevice,
  listSignedInDevices,
} from "../../core/accounts/sessions.server.ts";
import { formatInTimeZone } from "../../core/site/time-zones.ts";
import { ButtonForm } from "../components/button-form.tsx";
import { FlashToast } from "../components/flash-toast.tsx";
import { appContext } from "../context.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { requireUserSession } from "../lib/session.server.ts";
import { useSiteTimeZone } from "../lib/site-time-zone.ts";
import { redirectWithToast } from "../lib/toast.server.ts";
import type { Route } from "./+types/account-sessions";

export const meta: Route.MetaFunction = () =>
  pageMeta("Signed-in devices", "Where your IELTS Hub account is signed in, and ending it there.");

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, sessionId } = requireUserSession(request, context);
  const { db } = context.get(appContext);
  const devices = await listSignedInDevices(db, user.id);
  return {
    devices: devices.map((device) => ({
      id: device.id,
      device: device.device,
      address: device.address,
      signedInAt: device.signedInAt.toISOString(),
      lastUsedAt: device.lastUsedAt.toISOString(),
      thisDevice: device.id === sessionId,
    })),
  };
}

/**
 * Ends one of the person's own sessions, or every one but this device's; its API tokens end with
 * it. Another person's session id changes nothing (and says so no differently than a stale one).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, sessionId } = requireUserSession(request, context);
  const { db, securityLog, clientAddress } = context.get(appContext);
  const form = await request.formData();
  const log = (outcome: "success" | "failure", reason: string) =>
    securityLog({
      event: "session-end",
      outcome,
      userId: user.id,
      address: clientAddress,
      route: "POST /account/sessions",
      reason,
    });
  if (form.get("intent") === "end-others") {
    const ended = await endOtherSignedInDevices(db, user.id, sessionId);
    log("success", "other-devices");
    return redirectWithToast("/account/sessions", {
      type: "success",
      message:
        ended === 1
          ? "1 other device has been signed out."
          : `${ended} other devices have been signed out.`,
    });
  }
  const target = String(form.get("sessionId") ?? "");
  if (target === sessionId) {
    return data(
      { flash: { type: "error", message: "To sign out this device, use Log Out." } as const },
      { status: 400 },
    );
  }
  if (!target || target.length > 100 || !(await endSignedInDevice(db, user.id, target))) {
    log("failure", "no-such-session");
    return data(
      {
        flash: {
          type: "error",
          message: "That device is no longer signed in. The list below is up to date.",
        } as const,
      },
      { status: 404 },
    );
  }
  log("success", "one-device");
  return redirectWithToast("/account/sessions", {
    type: "success",
    message: "That device has been signed out.",
  });
}

/** A time as the site shows every time: in its time zone (decision 0055). */
function when(iso: string, timeZone: string) {
  return formatInTimeZone(new Date(iso), timeZone);
}

export default function AccountSessions({ loaderData, actionData }: Route.ComponentProps) {
  const { devices } = loaderData;
  const others = devices.filter((device) => !device.thisDevice).length;
  const timeZone = useSiteTimeZone();
  return (
    <div className="container-page max-w-2xl py-12">
      <h1 className="text-3xl font-bold text-slate-900">Signed-in devices</h1>
      <p className="mt-2 text-slate-600">
        Where your account is signed in now. Sign out a device you do not know, then change your
        password. Times are in the site's time zone, {timeZone}; the last use is known to the hour.
      </p>
      <FlashToast flash={actionData?.flash} />
      <ul aria-label="Signed-in devices" className="mt-6 space-y-3">
        {devices.map((device) => (
          <li key={device.id} className="form-card flex flex-wrap items-center gap-4">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-slate-900">
                {device.device}
                {device.thisDevice && (
                  <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-sm font-semibold text-brand-800">
                    This device
                  </span>
                )}
              </p>
              <p className="text-sm text-slate-600">
                Last used {when(device.lastUsedAt, timeZone)} · signed in{" "}
                {when(device.signedInAt, timeZone)}
                {device.address && ` from ${device.address}`}
              </p>
            </div>
            {!device.thisDevice && (
              <ButtonForm
                fields={{ sessionId: device.id }}
                className="btn-secondary"
                busyLabel="Signing out…"
                aria-label={`Sign out ${device.device}, last used ${when(device.lastUsedAt, timeZone)}`}
              >
                Sign out
              </ButtonForm>
            )}
          </li>
        ))}
      </ul>
      {others > 0 && (
        <ButtonForm fields={{ intent: "end-others" }} formClassName="mt-6" busyLabel="Signing out…">
          Sign out every other device
        </ButtonForm>
      )}
    </div>
  );
}
