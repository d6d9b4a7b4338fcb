import { type PointerEvent, useRef, useState } from "react";
import { useModalDialog } from "../lib/use-modal-dialog.ts";

/** A horizontal drag of 40 px changes the picture; a downward pull of 100 px closes. */
export const SWIPE_THRESHOLD_PX = 40;
export const PULL_TO_CLOSE_PX = 100;

export interface Slide {
  src: string;
  alt: string;
}

/**
 * A full-size image viewer on the native <dialog>: the browser traps focus, Escape closes it and
 * focus returns to the opener. Arrow keys and swipes move between the pictures of the page.
 */
export function Lightbox({
  slides,
  index,
  onIndexChange,
  onClose,
}: {
  slides: Slide[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialog = useModalDialog();
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const slide = slides[index];

  const dragged = useRef(false);

  if (!slide) return null;
  const go = (step: number) => onIndexChange((index + step + slides.length) % slides.length);

  const onPointerDown = (event: PointerEvent) => {
    if (event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    dragged.current = false;
    (event.currentTarget as Element).setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current?.id !== event.pointerId) return;
    const x = event.clientX - start.current.x;
    const y = event.clientY - start.current.y;
    if (Math.abs(x) > 5 || Math.abs(y) > 5) dragged.current = true;
    setOffset({ x, y });
  };
  const onPointerUp = (event: PointerEvent) => {
    if (start.current?.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    const dy = event.clientY - start.current.y;
    start.current = null;
    setOffset({ x: 0, y: 0 });
    if (Math.abs(dy) > Math.abs(dx)) {
      if (dy >= PULL_TO_CLOSE_PX) onClose();
    } else if (slides.length > 1 && Math.abs(dx) >= SWIPE_THRESHOLD_PX) {
      go(dx < 0 ? 1 : -1);
    }
  };

  const pull = Math.max(0, offset.y);
  return (
    <dialog
      ref={dialog}
      aria-label={slide.alt}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") go(1);
        if (event.key === "ArrowLeft") go(-1);
      }}
      className="m-0 h-dvh max-h-none w-dvw max-w-none bg-black/90 p-0 backdrop:bg-black/80"
      style={{ backgroundColor: `rgb(0 0 0 / ${Math.max(0.4, 0.92 - pull / 400)})` }}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drag gestures and backdrop click repeat what the Previous, Next and Close buttons and the arrow keys do. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above; Escape closes the dialog. */}
      <div
        data-testid="lightbox-stage"
        className="flex size-full touch-none select-none items-center justify-center p-4"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          start.current = null;
          setOffset({ x: 0, y: 0 });
        }}
        onClick={(event) => {
          // A click on the backdrop closes; the click that ends a drag does not.
          if (event.target === event.currentTarget && !dragged.current) onClose();
        }}
      >
        <img
          src={slide.src}
          alt={slide.alt}
          draggable={false}
          className="max-h-full max-w-full object-contain"
          style={{ transform: `translate(${offset.x}px, ${pull}px)` }}
        />
      </div>
      <p
        className="absolute left-4 top-4 rounded bg-black/60 px-3 py-1 text-sm text-white"
        aria-live="polite"
      >
        {slide.alt}
        {slides.length > 1 ? ` (${index + 1} of ${slides.length})` : ""}
      </p>
      <button
        type="button"
        onClick={onClose}
        className="absolute right-4 top-4 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900"
        // biome-ignore lint/a11y/noAutofocus: a modal dialog moves focus to its first control.
        autoFocus
      >
        Close
      </button>
      {slides.length > 1 && (
        <>
          <button
            type="button"
            onClick={() => go(-1)}
            className="absolute bottom-6 left-4 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900"
          >
            Previous
          </button>
          <button
            type="button"
            onClick={() => go(1)}
            className="absolute bottom-6 right-4 rounded-full bg-white px-4 py-2 text-sm font-semibold text-slate-900"
          >
            Next
          </button>
        </>
      )}
    </dialog>
  );
}
