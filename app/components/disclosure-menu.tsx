import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A button that shows a panel of links, built on <details>/<summary> so that it opens before
 * JavaScript has loaded and without it. It is a disclosure, not an ARIA menu: the links are
 * ordinary links in tab order, which is what the ARIA practices advise for site navigation.
 * With JavaScript it also closes when a link in it is followed, when the page changes, on Escape
 * (focus goes back to its button, so a keyboard user is not lost) and on a press outside it.
 */
export function DisclosureMenu({
  label,
  summary,
  className = "",
  summaryClassName = "",
  panelClassName = "",
  children,
}: {
  /** The button's accessible name. */
  label: string;
  /** What the button shows. */
  summary: ReactNode;
  className?: string;
  summaryClassName?: string;
  panelClassName?: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();
  const keyShown = useRef(key);

  // A new location (a link, a form's redirect, Back) means the person has moved on. Hydration
  // is not one: a menu opened while the scripts were still loading stays open.
  useEffect(() => {
    if (keyShown.current === key) return;
    keyShown.current = key;
    if (details.current) details.current.open = false;
  }, [key]);

  useEffect(() => {
    const closeOnOutsidePress = (event: PointerEvent) => {
      const element = details.current;
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    };
    document.addEventListener("pointerdown", closeOnOutsidePress);
    return () => document.removeEventListener("pointerdown", closeOnOutsidePress);
  }, []);

  const closeOnEscape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const element = details.current;
    if (event.key !== "Escape" || !element?.open) return;
    element.open = false;
    element.querySelector("summary")?.focus();
  };
  // Closes at once on a click, rather than when the next page's data has arrived.
  const closeOnLink = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest("a") && details.current) details.current.open = false;
  };

  return (
    <details ref={details} className={className} onKeyDown={closeOnEscape}>
      <summary
        aria-label={label}
        className={`flex cursor-pointer list-none items-center [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {summary}
      </summary>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only closes the panel after one of its links was followed; the links themselves are the controls. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a link followed with the keyboard fires this same click event. */}
      <div className={panelClassName} onClick={closeOnLink}>
        {children}
      </div>
    </details>
  );
}
