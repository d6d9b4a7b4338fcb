import type { DB } from "../../db/index.ts";
import { MAX_FAQ_ITEMS, MIN_FAQ_ITEMS } from "../limits/field-limits.ts";
import { recordSiteWordChange } from "./site-word-changes.server.ts";
import { FAQ_KEY, faqFrom } from "./site-words.server.ts";
import type { FaqItem } from "./site-words.ts";

/**
 * The FAQ's edits on /admin/site (decision 0040). The list is one value in `site_settings`;
 * each edit reads it, changes it and writes it back only if nobody wrote it in between (else it
 * starts again from what they wrote), so two owners' edits never undo each other on either
 * engine. A list never saved is the site's own five questions, which the first edit writes out.
 */

export type FaqChange =
  | { ok: true }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "limit"; message: string };

type Edit = (items: FaqItem[]) => FaqItem[] | Exclude<FaqChange, { ok: true }>;

const AGAIN = Symbol("written meanwhile");
const ATTEMPTS = 5;

async function changeFaq(db: DB, ownerId: string, edit: Edit): Promise<FaqChange> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const outcome = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom("site_settings")
        .select("value")
        .where("key", "=", FAQ_KEY)
        .executeTakeFirst();
      const edited = edit(faqFrom(row?.value));
      if (!Array.isArray(edited)) return edited;
      const value = JSON.stringify(edited);
      // Nothing moved (the first question asked to go up): no write, no history.
      if (value === row?.value) return { ok: true } as const;
      const written = row
        ? Number(
            (
              await trx
                .updateTable("site_settings")
                .set({ value })
                .where("key", "=", FAQ_KEY)
                .where("value", "=", row.value)
                .executeTakeFirst()
            ).numUpdatedRows,
          )
        : Number(
            (
              await trx
                .insertInto("site_settings")
                .values({ key: FAQ_KEY, value })
                .onConflict((conflict) => conflict.column("key").doNothing())
                .executeTakeFirst()
            ).numInsertedOrUpdatedRows ?? 0,
          );
      if (written === 0) return AGAIN;
      await recordSiteWordChange(trx, "faq", ownerId, edited);
      return { ok: true } as const;
    });
    if (outcome !== AGAIN) return outcome;
  }
  throw new Error("The FAQ kept changing while this edit was saved.");
}

export function addFaqItem(db: DB, ownerId: string, item: Omit<FaqItem, "id">) {
  return changeFaq(db, ownerId, (items) =>
    items.length >= MAX_FAQ_ITEMS
      ? {
          ok: false,
          reason: "limit",
          message: `The FAQ holds at most ${MAX_FAQ_ITEMS} questions: remove one before adding another.`,
        }
      : [...items, { id: crypto.randomUUID(), ...item }],
  );
}

export function editFaqItem(db: DB, ownerId: string, edited: FaqItem) {
  return changeFaq(db, ownerId, (items) =>
    items.some((item) => item.id === edited.id)
      ? items.map((item) => (item.id === edited.id ? edited : item))
      : { ok: false, reason: "missing" },
  );
}

/** One place up or down; the first stays first (and the last last). */
export function moveFaqItem(db: DB, ownerId: string, id: string, direction: "up" | "down") {
  return changeFaq(db, ownerId, (items) => {
    const from = items.findIndex((item) => item.id === id);
    if (from === -1) return { ok: false, reason: "missing" };
    const to = direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= items.length) return items;
    const moved = [...items];
    [moved[from], moved[to]] = [moved[to] as FaqItem, moved[from] as FaqItem];
    return moved;
  });
}

export function removeFaqItem(db: DB, ownerId: string, id: string) {
  return changeFaq(db, ownerId, (items) => {
    if (!items.some((item) => item.id === id)) return { ok: false, reason: "missing" };
    if (items.length <= MIN_FAQ_ITEMS) {
      return {
        ok: false,
        reason: "limit",
        message: "The FAQ needs at least one question: add another before removing this one.",
      };
    }
    return items.filter((item) => item.id !== id);
  });
}
