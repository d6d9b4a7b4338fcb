import { createCookie, redirect } from "react-router";
import type { Toast } from "./toast.ts";

export type { Toast };

/**
 * A toast that must survive a redirect rides in a short-lived cookie, read and cleared by the
 * next page's root loader. It holds only the message shown to the same browser.
 */
const toastCookie = createCookie("ielts-hub-toast", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 60,
});

export async function setToastHeader(toast: Toast): Promise<string> {
  return toastCookie.serialize(toast);
}

export async function redirectWithToast(url: string, toast: Toast, headers = new Headers()) {
  headers.append("Set-Cookie", await setToastHeader(toast));
  return redirect(url, { headers });
}

function isToast(value: unknown): value is Toast {
  if (typeof value !== "object" || value === null) return false;
  const { type, message, detail } = value as Record<string, unknown>;
  return (
    ["success", "error", "message"].includes(type as string) &&
    typeof message === "string" &&
    message.length <= 300 &&
    (detail === undefined || (typeof detail === "string" && detail.length <= 100))
  );
}

/** The pending toast, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
): Promise<{ toast: Toast | null; clear: string | null }> {
  const value: unknown = await toastCookie.parse(request.headers.get("Cookie"));
  if (value === null || value === undefined) return { toast: null, clear: null };
  return {
    toast: isToast(value) ? value : null,
    clear: await toastCookie.serialize("", { maxAge: 0 }),
  };
}
