import { lazy, Suspense, useEffect, useSyncExternalStore } from "react";
import {
  loadToastLibrary,
  subscribeToToastLibrary,
  toasterMounted,
  toastLibraryRequested,
} from "./toast-library.ts";

const Toaster = lazy(() => loadToastLibrary().then(({ Toaster }) => ({ default: Toaster })));

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
 * JavaScript runs, so the switch is never seen. Nothing is rendered, or loaded, until the first
 * toast is asked for (./toast-library.ts).
 */
export function SiteToaster() {
  const needed = useSyncExternalStore(subscribeToToastLibrary, toastLibraryRequested, () => false);
  const phone = useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      {phone ? (
        <Toaster position="bottom-center" containerStyle={{ bottom: 16 }} />
      ) : (
        <Toaster position="top-center" containerStyle={{ top: 80 }} />
      )}
      <SaysMounted />
    </Suspense>
  );
}

/** Mounts with the toaster (the same Suspense boundary), and says so to the toasts waiting. */
function SaysMounted() {
  useEffect(() => toasterMounted(), []);
  return null;
}
