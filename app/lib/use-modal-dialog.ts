import { useEffect, useRef } from "react";

/**
 * Opens a <dialog> as a modal when it mounts (the browser then traps focus and handles Escape)
 * and, because the dialog leaves the page when it closes, gives focus back to what opened it.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);
  return dialog;
}
