/**
 * react-hot-toast, loaded the first time a toast is shown rather than with every page: most pages
 * never show one, and the library (with the CSS-in-JS it styles its toasts with) costs a phone
 * tens of milliseconds to evaluate and mount while the page hydrates.
 */
type ToastLibrary = typeof import("react-hot-toast");

let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();
let markMounted = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

export function loadToastLibrary(): Promise<ToastLibrary> {
  if (!library) {
    library = import("react-hot-toast");
    for (const listener of listeners) listener();
  }
  return library;
}

/**
 * react-hot-toast's `toast`, once the toaster is on the page. A toast's time starts when it is
 * made, so one made before the toaster mounted would show for less than its time, or not at all.
 */
export async function toastWhenShown(): Promise<ToastLibrary["toast"]> {
  const { toast } = await loadToastLibrary();
  await mounted;
  return toast;
}

/** Called by the toaster once it is mounted (app/components/site-toaster.tsx). */
export function toasterMounted() {
  markMounted();
}

/** For useSyncExternalStore: whether a toast has been asked for, so the toaster is needed. */
export function subscribeToToastLibrary(onChange: () => void) {
  listeners.add(onChange);
  return () => {
    listeners.delete(onChange);
  };
}

export function toastLibraryRequested() {
  return library !== undefined;
}
