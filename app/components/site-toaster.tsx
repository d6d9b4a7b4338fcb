import { useSyncExternalStore } from "react";
import { Toaster } from "react-hot-toast";

// Tailwind's `sm` breakpoint: below it the header is the phone's single row.
const PHONE = "(width < 40rem)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * Toasts at the top on wide screens, below the navigation bar so they never cover its links; at
 * the bottom on phones, where the thumb is and where they cover neither the bar nor its menus.
 * The server renders the wide layout (it cannot know the screen); no toast exists before
 * JavaScript runs, so the switch is never seen.
 */
export function SiteToaster() {
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  return phone ? (
    <Toaster position="bottom-center" containerStyle={{ bottom: 16 }} />
  ) : (
    <Toaster position="top-center" containerStyle={{ top: 80 }} />
  );
}
