import { confirmedSubscribers } from "../../core/mail/newsletter.server.ts";
import { appContext } from "../context.server.ts";
import { requireOwner } from "../lib/session.server.ts";
import type { Route } from "./+types/admin-subscribers-csv";

/** A CSV field: quoted, with quotes doubled; a leading = + - @ defused so no spreadsheet runs it. */
function csvField(value: string): string {
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** The confirmed subscribers as CSV, for owners only (404 for anyone else). */
export async function loader({ context }: Route.LoaderArgs) {
  requireOwner(context);
  const rows = await confirmedSubscribers(context.get(appContext).db);
  const lines = [
    "email,confirmed_at",
    ...rows.map((row) =>
      [row.email, row.confirmed_at ? new Date(row.confirmed_at).toISOString() : ""]
        .map(csvField)
        .join(","),
    ),
  ];
  return new Response(`${lines.join("\r\n")}\r\n`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="subscribers.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
