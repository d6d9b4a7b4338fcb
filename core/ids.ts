/**
 * Ids are opaque strings (UUIDs for new rows). Anything longer than this cannot be one of ours,
 * so it is answered as "not found" without a query.
 */
export const MAX_ID_LENGTH = 64;

export function isPlausibleId(id: string): boolean {
  return id.length > 0 && id.length <= MAX_ID_LENGTH;
}
