/**
 * react-hot-toast, loaded the first time a toast is shown rather than with every page: most pages
 * never show one, and the library (with the CSS-in-JS it styles its toasts with) costs a phone
 * tens of milliseconds to evaluate and mount while the page hydrates.
 */
type ToastLibrary = typeof import("react-hot-toast");

let library: Promise<ToastLibrary> | undefined;
const listeners = new Set<() => void>();

export function loadToastLibrary(): Promise<ToastLibrary> {
  if (!library) {
    library = import("react-hot-toast");
    for (const listener of listeners) listener();
  }
  return library;
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
