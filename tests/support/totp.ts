import { createHmac } from "node:crypto";

/**
 * An authenticator app, for tests: the RFC 6238 code of a Base32 key (as the setup page shows it)
 * at a moment, computed here with node:crypto rather than by the library the site uses.
 */
export function totpCode(base32Key: string, at = Date.now(), stepSeconds = 30): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const character of base32Key.replace(/[\s=]/g, "").toUpperCase()) {
    const value = alphabet.indexOf(character);
    if (value < 0) throw new Error(`Not Base32: ${character}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const digest = createHmac("sha1", key).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 0xf;
  const number = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, "0");
}

/** The key and backup codes the setup page shows (`/account/two-factor`, before confirming). */
export function setupFromPage(html: string): { key: string; backupCodes: string[] } {
  // The key in groups of four, inside the page's <code> element.
  const key = /<code[^>]*>([A-Z2-7]{4}(?: [A-Z2-7]{1,4})+)<\/code>/.exec(html)?.[1];
  if (!key) throw new Error("No key on the page");
  return { key: key.replaceAll(" ", ""), backupCodes: backupCodesIn(html) };
}

/** The backup codes a page lists (one per list item, as abcde-12345). */
export function backupCodesIn(html: string): string[] {
  return [...html.matchAll(/<li[^>]*>([A-Za-z0-9]{5}-[A-Za-z0-9]{5})<\/li>/g)].map(
    (match) => match[1] as string,
  );
}
