import {
  accountExportFileName,
  exportAccountData,
} from "../../core/accounts/account-export.server.ts";
import { appContext } from "../context.server.ts";
import { requireUser } from "../lib/session.server.ts";
import type { Route } from "./+types/account-data-json";

/**
 * "Download my data" on /account: everything the site stores about the signed-in person, as a
 * JSON file (the same document as `GET /api/me/export`). A visitor goes to the login page first.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const { db, baseUrl } = context.get(appContext);
  const now = new Date();
  const data = await exportAccountData(db, user.id, { siteUrl: baseUrl, now });
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${accountExportFileName(now)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
