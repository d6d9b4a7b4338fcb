import { useEffect } from "react";
import type { Toast } from "../lib/toast.ts";
import { toastWhenShown } from "./toast-library.ts";

/**
 * Shows a server's message as a toast once the page runs JavaScript; without JavaScript the same
 * message is printed in the page instead, so no one misses it.
 */
export function FlashToast({ flash }: { flash: Toast | null | undefined }) {
  useEffect(() => {
    if (!flash) return;
    const content = <ToastText flash={flash} />;
    toastWhenShown().then((toast) => {
      if (flash.type === "success") toast.success(content);
      else if (flash.type === "error") toast.error(content);
      else toast(content);
    });
  }, [flash]);
  if (!flash) return null;
  const tone =
    flash.type === "error"
      ? "bg-red-50 text-red-900 ring-red-200"
      : flash.type === "success"
        ? "bg-green-50 text-green-900 ring-green-200"
        : "bg-slate-50 text-slate-900 ring-slate-200";
  return (
    <noscript>
      <div role="status" className={`container-page mt-4 rounded-xl p-4 ring-1 ${tone}`}>
        <ToastText flash={flash} />
      </div>
    </noscript>
  );
}

/** The message, and its short code in small print when it has one. */
export function ToastText({ flash }: { flash: Toast }) {
  return (
    <span>
      {flash.message}
      {flash.detail && <small className="ml-1 text-xs opacity-80">{`(${flash.detail})`}</small>}
    </span>
  );
}
