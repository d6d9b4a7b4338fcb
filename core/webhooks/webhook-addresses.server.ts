import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { MAX_WEBHOOK_URL_LENGTH } from "./webhook-event-types.ts";

/**
 * Where a webhook may go (decision 0047). The owner types an address and the site's server
 * sends to it, so an address inside the server's own network (the database, a cloud's metadata
 * service at 169.254.169.254, anything listening on the loopback address) must never be
 * reachable that way. Only public addresses are: checked when the endpoint is added, and again
 * before every attempt, on the addresses the host name has then, which are the very addresses
 * the request then connects to (server/webhook-sender.ts), so a name that changes its answer
 * between the check and the connection (DNS rebinding) gains nothing.
 */

/** What kind of address an IP address is; only `public` ones take webhooks. */
export type AddressKind =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "unspecified"
  | "multicast"
  | "reserved";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface WebhookAddressRules {
  /**
   * WEBHOOKS_ALLOW_PRIVATE: the loopback address (127.0.0.0/8, ::1) takes webhooks too, and
   * over plain http, for tests and trials on one machine. Every other non-public address stays
   * refused.
   */
  allowLoopback: boolean;
  /** Every address a host name has (node:dns's lookup, as node:http would use it). */
  resolve: (hostname: string) => Promise<ResolvedAddress[]>;
}

/** The system's resolver, both families, in the order it gives them. */
export async function resolveWithSystem(hostname: string): Promise<ResolvedAddress[]> {
  const found = await lookup(hostname, { all: true });
  return found.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

export const defaultAddressRules = (allowLoopback: boolean): WebhookAddressRules => ({
  allowLoopback,
  resolve: resolveWithSystem,
});

function ipv4Number(text: string): number | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return undefined;
    value = value * 256 + Number(part);
  }
  return value;
}

const V4_RANGES: [string, number, AddressKind][] = [
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  // Carrier-grade NAT's shared space: inside a provider's network, like a private one.
  ["100.64.0.0", 10, "private"],
  ["127.0.0.0", 8, "loopback"],
  // Cloud metadata services answer at 169.254.169.254.
  ["169.254.0.0", 16, "link-local"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "reserved"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "reserved"],
  ["198.51.100.0", 24, "reserved"],
  ["203.0.113.0", 24, "reserved"],
  ["224.0.0.0", 4, "multicast"],
  // 255.255.255.255, the broadcast address, among them.
  ["240.0.0.0", 4, "reserved"],
];

function kindOfIpv4(value: number): AddressKind {
  for (const [base, bits, kind] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    const start = ipv4Number(base) ?? 0;
    if (value >= start && value < start + size) return kind;
  }
  return "public";
}

/** The eight 16-bit groups of an IPv6 address (already known to be one), its zone dropped. */
function ipv6Groups(text: string): number[] {
  let address = text.split("%")[0] ?? "";
  const lastColon = address.lastIndexOf(":");
  const tail = address.slice(lastColon + 1);
  if (tail.includes(".")) {
    const value = ipv4Number(tail) ?? 0;
    address = `${address.slice(0, lastColon + 1)}${Math.floor(value / 65536).toString(16)}:${(value % 65536).toString(16)}`;
  }
  const [head = "", rest] = address.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const before = parse(head);
  if (rest === undefined) return before;
  const after = parse(rest);
  return [...before, ...Array(8 - before.length - after.length).fill(0), ...after];
}

function kindOfIpv6(groups: number[]): AddressKind {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const embeddedIpv4 = g6 * 65536 + g7;
  const firstSixZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (firstSixZero && g6 === 0 && g7 === 0) return "unspecified";
  if (firstSixZero && g6 === 0 && g7 === 1) return "loopback";
  // ::ffff:10.0.0.5 is 10.0.0.5 to the system's IPv4 stack.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0xffff)
    return kindOfIpv4(embeddedIpv4);
  // The old IPv4-compatible form (::10.0.0.5), deprecated since 2006.
  if (firstSixZero) return "reserved";
  // NAT64's well-known prefix reaches the IPv4 address it holds.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0)
    return kindOfIpv4(embeddedIpv4);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return "private";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  // Unique local addresses, and the deprecated site-local ones.
  if ((g0 & 0xfe00) === 0xfc00 || (g0 & 0xffc0) === 0xfec0) return "private";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  // IETF protocol assignments (Teredo among them), documentation, 6to4 (which wraps an IPv4
  // address a relay would reach), and the newer documentation prefix.
  if (g0 === 0x2001 && (g1 < 0x200 || g1 === 0xdb8)) return "reserved";
  if (g0 === 0x2002 || (g0 & 0xfff0) === 0x3ff0) return "reserved";
  // Global unicast is 2000::/3; nothing else is allocated for the public Internet.
  return (g0 & 0xe000) === 0x2000 ? "public" : "reserved";
}

/** What kind of address `address` (IPv4 or IPv6, without brackets) is. */
export function addressKind(address: string): AddressKind {
  const version = isIP(address.split("%")[0] ?? "");
  if (version === 4) return kindOfIpv4(ipv4Number(address) ?? 0);
  if (version === 6) return kindOfIpv6(ipv6Groups(address));
  return "reserved";
}

const KIND_WORDS: Record<Exclude<AddressKind, "public">, string> = {
  loopback: "this server itself (a loopback address)",
  private: "a private network",
  "link-local": "a link-local address (such as a cloud's metadata service)",
  unspecified: "no particular machine (an unspecified address)",
  multicast: "a multicast group",
  reserved: "an address reserved for special use",
};

export type EndpointUrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/**
 * The shape of an endpoint's address, before any lookup: an absolute http(s) URL, without a
 * user name or password (they would be sent to whoever answers), at most 2000 characters.
 */
export function parseEndpointUrl(text: string): EndpointUrlCheck {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, message: "Please enter the endpoint's address." };
  if (trimmed.length > MAX_WEBHOOK_URL_LENGTH)
    return {
      ok: false,
      message: `Please keep the address under ${MAX_WEBHOOK_URL_LENGTH} characters.`,
    };
  if (!URL.canParse(trimmed))
    return {
      ok: false,
      message: "Please enter the endpoint's whole address, such as https://example.com/hooks.",
    };
  const url = new URL(trimmed);
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return { ok: false, message: "The address must start with https://." };
  if (url.username || url.password)
    return {
      ok: false,
      message: "The address may not hold a user name or password: put a token in its path.",
    };
  url.hash = "";
  return { ok: true, url };
}

export type AddressCheck =
  | { ok: true; addresses: ResolvedAddress[] }
  | { ok: false; message: string };

const LOOKUP_TIMEOUT_MS = 5000;

async function addressesOf(
  hostname: string,
  rules: WebhookAddressRules,
): Promise<ResolvedAddress[] | { message: string }> {
  // The URL parser already wrote every IPv4 form (0x7f.1, 2130706433) as four decimal numbers.
  const literal = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  const version = isIP(literal);
  if (version !== 0) return [{ address: literal, family: version === 6 ? 6 : 4 }];
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      rules.resolve(hostname),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("timeout")), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    if (found.length === 0) return { message: `${hostname} has no address.` };
    return found;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ENOTFOUND" || code === "ENODATA")
      return { message: `No host is called ${hostname}: please check the address.` };
    return { message: `${hostname} could not be looked up just now (${code ?? "no answer"}).` };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where the endpoint's host leads now: every address it has, each of them allowed, or why not.
 * One address that is not public is enough to refuse: whichever the connection would pick must
 * be allowed. Plain http is for the loopback address only (with WEBHOOKS_ALLOW_PRIVATE): on the
 * way anywhere else the body and its signature could be read and replayed.
 */
export async function checkEndpointAddress(
  url: URL,
  rules: WebhookAddressRules,
): Promise<AddressCheck> {
  const found = await addressesOf(url.hostname, rules);
  if (!Array.isArray(found)) return { ok: false, message: found.message };
  for (const { address } of found) {
    const kind = addressKind(address);
    if (kind === "public" || (kind === "loopback" && rules.allowLoopback)) continue;
    return {
      ok: false,
      message: `This address leads to ${KIND_WORDS[kind]} (${address}): webhooks go to public addresses only.`,
    };
  }
  const loopbackOnly = found.every(({ address }) => addressKind(address) === "loopback");
  if (url.protocol === "http:" && !loopbackOnly)
    return { ok: false, message: "The address must start with https://." };
  return { ok: true, addresses: found };
}
