import { useEffect } from "react";
import toast from "react-hot-toast";
import type { Toast } from "../lib/toast.ts";

/**
 * Shows a server's message as a toast once the page runs JavaScript; without JavaScript the same
 * message is printed in the page instead, so no one misses it.
 */
export function FlashToast({ flash }: { flash: Toast | null | undefined }) {
  useEffect(() => {
    if (!flash) return;
    if (flash.type === "success") toast.success(flash.message);
    else if (flash.type === "error") toast.error(flash.message);
    else toast(flash.message);
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
        {flash.message}
      </div>
    </noscript>
  );
}
