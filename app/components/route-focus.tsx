import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * Where keyboard and screen-reader users land after the page changes without a reload, as they
 * would after a full page load:
 * - a link or form to another page: the new page's heading (`main h1`);
 * - a form marked `data-moves-focus` (posting, editing, deleting): its result, the element marked
 *   `data-action-result` if the page has one, else the heading;
 * - anything else on the same page (a filter, 'Show more', a vote): focus stays where it is.
 */
export function RouteFocus() {
  const location = useLocation();
  const previousPath = useRef(location.pathname);
  const firstRender = useRef(true);
  const movingFocus = useRef(false);

  useEffect(() => {
    const onSubmit = (event: Event) => {
      movingFocus.current =
        event.target instanceof HTMLFormElement && event.target.hasAttribute("data-moves-focus");
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location, by its key.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const samePage = previousPath.current === location.pathname;
    previousPath.current = location.pathname;
    const afterAction = movingFocus.current;
    movingFocus.current = false;
    if (samePage && !afterAction) return;
    const target =
      (afterAction && document.querySelector<HTMLElement>("[data-action-result]")) ||
      document.querySelector<HTMLElement>("main h1");
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: samePage });
  }, [location.key]);

  return null;
}
