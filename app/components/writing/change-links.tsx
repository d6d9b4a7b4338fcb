import { type ReactNode, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { CHANGE_LINK_ATTRIBUTE } from "./marking-forms.tsx";

/**
 * The marking page's comments, whose "Change or remove comment N" links are plain anchors in the
 * drawn HTML: with JavaScript they are followed here without a reload (the page keeps its place),
 * and when the Change form closes (saved, removed, cancelled) the keyboard comes back to the
 * comment's link rather than to the top of the page.
 */
export function ChangeLinks({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { hash, key } = useLocation();

  useEffect(() => {
    const container = box.current;
    if (!container) return;
    const follow = (event: MouseEvent) => {
      const plainClick =
        event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
      if (event.defaultPrevented || !plainClick || !(event.target instanceof Element)) return;
      const link = event.target.closest(`a[${CHANGE_LINK_ATTRIBUTE}]`);
      if (!link || !container.contains(link)) return;
      event.preventDefault();
      navigate(link.getAttribute("href") ?? "", { preventScrollReset: true });
    };
    container.addEventListener("click", follow);
    return () => container.removeEventListener("click", follow);
  }, [navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location, by its key.
  useEffect(() => {
    const focusLost = document.activeElement === null || document.activeElement === document.body;
    if (!focusLost || !/^#comment-\d+$/.test(hash)) return;
    box.current
      ?.querySelector<HTMLElement>(`${hash} a[${CHANGE_LINK_ATTRIBUTE}]`)
      ?.focus({ preventScroll: true });
  }, [key]);

  return <div ref={box}>{children}</div>;
}
