import type { Key, ReactNode } from "react";

/**
 * What waits for the owner (requests, messages, reports), each on its own card; or a line
 * saying there is none.
 */
export function CardList<Item>({
  items,
  empty,
  keyOf,
  children,
}: {
  items: readonly Item[];
  /** What shows when there are none ("No messages yet."). */
  empty: string;
  keyOf: (item: Item) => Key;
  /** One item's card. */
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0) return <p className="mt-4 text-slate-600">{empty}</p>;
  return (
    <ul className="mt-4 space-y-4">
      {items.map((item) => (
        <li key={keyOf(item)} className="rounded-xl p-4 ring-1 ring-slate-200">
          {children(item)}
        </li>
      ))}
    </ul>
  );
}
