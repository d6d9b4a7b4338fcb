import { useContext, useState } from "react";
import { type DrawnPart, DrawnPartsContext, drawnPartPlace } from "../lib/drawn-parts.ts";

/**
 * A part of the page drawn on the server (app/lib/drawn-parts.ts), put in place as it is. In a
 * whole page's data its HTML is left out: on the server the render leaves its place, where the
 * entry puts its bytes (app/entry.server.tsx), and in the browser, as the page hydrates, it is
 * read from the markup the server sent (React keeps what is there: `dangerouslySetInnerHTML` is
 * not compared). Later data (a navigation, a form's answer) brings it, and React puts the new
 * HTML in place.
 */
export function DrawnHtml({ part, className }: { part: DrawnPart; className?: string }) {
  const drawnOnServer = useContext(DrawnPartsContext);
  const [fromMarkup] = useState(() =>
    part.html === null && drawnOnServer === null && typeof document !== "undefined"
      ? (document.getElementById(part.id)?.innerHTML ?? "")
      : "",
  );
  const html = part.html ?? (drawnOnServer?.has(part.id) ? drawnPartPlace(part.id) : fromMarkup);
  return (
    <div
      id={part.id}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own components drawn to HTML by React on the server (text escaped)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
